import Foundation
import NIOHTTP1
import Testing

/// The caller's own things over the API: me, favorites, overlays, calendars shared by link,
/// and the operations routes.
@Suite("Me, favorites, overlays, shares and operations", .serialized)
struct MeAndSharesTests {
    @Test("me: my card, the term's classes, today's, where to be now or next")
    func me() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let token = try await server.logIn("brennam")
        let me = try await server.send(.GET, "/v1/me?term=202630", token: token)
        #expect(me.status == 200)
        #expect((me.json["card"] as? [String: Any])?["username"] as? String == "brennam")
        #expect((me.json["term"] as? [String: Any])?["code"] as? String == "202630")
        let sections = (me.json["sections"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(sections.contains("CHEM111-02") && sections.contains("CSSE474-01"))
        #expect(me.json["now"] != nil || me.json["next"] != nil)
        #expect(me.json.keys.contains("today"))
    }

    @Test("favorites: kept per caller in groups; a person's classes shown only where the policy allows")
    func favorites() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let advisor = try await server.logIn("whitfid")
        #expect(try await server.send(.PUT, "/v1/me/favorites/fenwicp?group=advisees", token: advisor).status == 201)
        #expect(try await server.send(.PUT, "/v1/me/favorites/fenwicp?group=advisees", token: advisor).status == 200)
        #expect(try await server.send(.PUT, "/v1/me/favorites/brennam", token: advisor).status == 201)
        #expect(try await server.send(.PUT, "/v1/me/favorites/ashbye", token: advisor).status == 404, "suppressed: unknown to the advisor")
        #expect(try await server.send(.PUT, "/v1/me/favorites/zzqx", token: advisor).status == 404)
        #expect(try await server.send(.PUT, "/v1/me/favorites/valer?group=not%20ok", token: advisor).status == 400)
        let listed = try await server.send(.GET, "/v1/me/favorites", token: advisor)
        let favorites = try #require(listed.json["favorites"] as? [[String: Any]])
        #expect(favorites.map { $0["username"] as? String } == ["fenwicp", "brennam"])
        #expect(listed.json["total"] as? Int == 2)

        let classmate = try await server.logIn("pikej")
        #expect(try await server.send(.PUT, "/v1/me/favorites/fenwicp", token: classmate).status == 201)
        let theirs = try await server.send(.GET, "/v1/me/favorites", token: classmate)
        let entry = try #require((theirs.json["favorites"] as? [[String: Any]])?.first)
        #expect((entry["sections"] as? [Any])?.isEmpty == true, "staff may not see a student's classes")
        #expect(try await server.send(.DELETE, "/v1/me/favorites/fenwicp", token: classmate).status == 204)
        #expect(try await server.send(.DELETE, "/v1/me/favorites/fenwicp", token: classmate).status == 404)
        #expect(try await server.send(.DELETE, "/v1/me/favorites", token: advisor).json["removed"] as? Int == 2)
    }

    @Test("overlay: people the caller may see, a roster they teach; anyone else is an error naming them")
    func overlay() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let advisor = try await server.logIn("whitfid")
        let allowed = try await server.send(.POST, "/v1/overlay", token: advisor,
                                            json: ["members": ["fenwicp", "whitfid", "kincaib"], "term": "202630", "top": 3])
        #expect(allowed.status == 200, "\(allowed.text)")
        #expect((allowed.json["members"] as? [[String: Any]])?.count == 3)
        let classmate = try await server.logIn("brennam")
        let denied = try await server.send(.POST, "/v1/overlay", token: classmate, json: ["members": ["fenwicp", "brennam"], "term": "202630"])
        #expect(denied.status == 403 && (denied.json["detail"] as? String)?.contains("fenwicp") == true, "\(denied.text)")
        let instructor = try await server.logIn("kincaib")
        let roster = try await server.send(.POST, "/v1/overlay", token: instructor, json: ["roster": "CHEM111-02", "term": "202630"])
        #expect(roster.status == 200, "\(roster.text)")
        let bad = try await server.send(.POST, "/v1/overlay", token: instructor, json: ["members": ["kincaib"], "days": "XYZ"])
        #expect(bad.status == 400 && (bad.json["detail"] as? String)?.hasPrefix("days") == true)
    }

    @Test("a share: a link to subscribe to without log-in, following the index, revoked at once; a group's free time too")
    func shares() async throws {
        let server = try await RoutedServer.start(["--public-url", "https://campus.example.edu"])
        defer { Task { await server.stop() } }
        let student = try await server.logIn("brennam")
        let created = try await server.send(.POST, "/v1/me/shares", token: student, json: ["content": "schedule"])
        #expect(created.status == 201)
        let url = try #require(created.json["url"] as? String)
        #expect(url.hasPrefix("https://campus.example.edu/v1/feeds/") && url.hasSuffix(".ics"))
        let path = String(url.dropFirst("https://campus.example.edu".count))
        let feed = try await server.send(.GET, path)
        #expect(feed.status == 200 && feed.text.hasPrefix("BEGIN:VCALENDAR"), "\(feed.text.prefix(200))")
        #expect(feed.header("Referrer-Policy") == "no-referrer" && feed.header("Last-Modified") != nil)
        let tag = try #require(feed.header("ETag"))
        #expect(try await server.send(.GET, path, headers: [("If-None-Match", tag)]).status == 304)
        let listed = try await server.send(.GET, "/v1/me/shares", token: student)
        let share = try #require((listed.json["shares"] as? [[String: Any]])?.first)
        #expect(share["url"] == nil, "the link is shown once")
        let id = try #require(share["id"] as? String)
        #expect(try await server.send(.DELETE, "/v1/me/shares/\(id)", token: student).status == 204)
        #expect(try await server.send(.GET, path).status == 404)

        // A group's link shows its owner's week and what others teach; an advisee's week, which the
        // advisor sees by a role, is left out and named.
        let advisor = try await server.logIn("whitfid")
        for member in ["whitfid", "kincaib", "fenwicp"] {
            _ = try await server.send(.PUT, "/v1/me/favorites/\(member)?group=advisees", token: advisor)
        }
        let group = try await server.send(.POST, "/v1/me/shares", token: advisor, json: ["content": "overlay", "group": "advisees"])
        #expect(group.status == 201 && group.json["notShared"] as? [String] == ["fenwicp"], "\(group.text)")
        let free = try await server.send(.GET, String((group.json["url"] as? String ?? "").dropFirst("https://campus.example.edu".count)))
        #expect(free.status == 200 && free.text.contains("SUMMARY:advisees: everyone free"), "\(free.text.prefix(300))")

        _ = try await server.send(.PUT, "/v1/me/favorites/fenwicp?group=study", token: student)
        let notAllowed = try await server.send(.POST, "/v1/me/shares", token: student, json: ["content": "overlay", "group": "study"])
        #expect(notAllowed.status == 403, "a classmate may not share a classmate's week")
        #expect((notAllowed.json["type"] as? String)?.hasSuffix("not-shareable") == true, "\(notAllowed.text)")
        #expect(try await server.send(.GET, "/v1/feeds/" + String(repeating: "A", count: 43) + ".ics").status == 404)
    }

    @Test("health, readiness with each source's freshness, Prometheus metrics, the OpenAPI document: no log-in")
    func operations() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        #expect(try await server.send(.GET, "/healthz").json["status"] as? String == "ok")
        let ready = try await server.send(.GET, "/readyz")
        #expect(ready.status == 200, "\(ready.text)")
        let sources = try #require(ready.json["sources"] as? [[String: Any]])
        #expect(sources.map { $0["source"] as? String } == ["registrar", "directory"])
        #expect(sources.last?["refreshed"] as? Bool == true && sources.last?["lastGood"] is String)
        _ = try await server.send(.GET, "/v1/terms")
        let metrics = try await server.send(.GET, "/metrics")
        #expect(metrics.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
        #expect(metrics.text.contains("http_server_request_duration") && metrics.text.contains("http_route=\"/v1/terms\""), "\(metrics.text.prefix(400))")
        #expect(metrics.text.contains("campus_index_bytes"))
        let document = try await server.send(.GET, "/openapi.json")
        #expect(document.json["openapi"] as? String == "3.1.0")
    }

    @Test("readiness fails when a refreshed source is older than allowed")
    func stale() async throws {
        let server = try await LiveServer.start(["--ready-max-age-hours", "0.0001"])
        defer { Task { await server.stop() } }
        try await Task.sleep(for: .milliseconds(500))
        let ready = try await server.send(.GET, "/readyz")
        #expect(ready.status == 503)
        #expect((ready.json["problems"] as? [String])?.contains { $0.contains("directory") } == true, "\(ready.text)")
    }
}
