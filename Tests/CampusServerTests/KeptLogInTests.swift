import CampusLookup
import Foundation
import NIOHTTP1
import Testing

/// "Keep me signed in on this device": a log-in without an idle limit whose end slides with
/// each use; every log-in listed by device, any one ended from anywhere.
@Suite("Kept log-ins and my devices")
struct KeptLogInTests {
    private let phone = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"
    private let laptop = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"

    private func logIn(_ server: RoutedServer, _ username: String, remember: Bool, agent: String) async throws -> (token: String, answer: ServerAnswer) {
        let answer = try await server.send(
            .POST, "/v1/session", json: ["username": username, "password": "demo-\(username)", "remember": remember],
            headers: [("User-Agent", agent)])
        return (try #require(answer.json["token"] as? String, "\(answer.text)"), answer)
    }

    @Test("a kept log-in outlives the idle limit and slides on with use; one not kept ends; the cookie lasts as long as each")
    func kept() async throws {
        let clock = SettableClock(Date())
        let server = try await RoutedServer.start(clock: clock)
        defer { Task { await server.stop() } }
        let (kept, keptAnswer) = try await logIn(server, "brennam", remember: true, agent: phone)
        let (plain, plainAnswer) = try await logIn(server, "brennam", remember: false, agent: laptop)
        #expect(keptAnswer.json["kept"] as? Bool == true && plainAnswer.json["kept"] as? Bool == false)
        #expect(keptAnswer.setCookie("campus_session")?.contains("Max-Age=2592000") == true, "\(keptAnswer.setCookie("campus_session") ?? "none")")
        #expect(plainAnswer.setCookie("campus_session")?.contains("Max-Age=28800") == true)

        clock.advance(2 * 3600)
        #expect(try await server.send(.GET, "/v1/me", token: plain).status == 401, "idle for two hours: ended")
        #expect(try await server.send(.GET, "/v1/me", token: kept).status == 200, "kept: no idle limit")
        clock.advance(29 * 86_400)
        #expect(try await server.send(.GET, "/v1/me", token: kept).status == 200, "used 29 days after its last use: its end had moved on")
        let session = try await server.send(.GET, "/v1/session", token: kept)
        let ends = try #require((session.json["expiresAt"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        #expect(abs(ends.timeIntervalSince(clock.now()) - 30 * 86_400) < 120, "30 days from this use: \(session.text)")
        clock.advance(31 * 86_400)
        #expect(try await server.send(.GET, "/v1/me", token: kept).status == 401, "unused for 31 days: ended")
    }

    @Test("my devices: each log-in by device and last use, this one marked; ending one ends it everywhere, only my own")
    func devices() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let (onPhone, _) = try await logIn(server, "brennam", remember: true, agent: phone)
        let (onLaptop, _) = try await logIn(server, "brennam", remember: false, agent: laptop)
        let (other, _) = try await logIn(server, "fenwicp", remember: false, agent: laptop)
        let listed = try await server.send(.GET, "/v1/me/sessions", token: onLaptop)
        #expect(listed.status == 200 && listed.header("Cache-Control") == "no-store")
        let sessions = try #require(listed.json["sessions"] as? [[String: Any]])
        #expect(Set(sessions.compactMap { $0["device"] as? String }) == ["Chrome on Android", "Firefox on Linux"], "\(listed.text)")
        let phoneEntry = try #require(sessions.first { $0["device"] as? String == "Chrome on Android" })
        #expect(phoneEntry["kept"] as? Bool == true && phoneEntry["current"] as? Bool == false)
        #expect(sessions.first { $0["current"] as? Bool == true }?["device"] as? String == "Firefox on Linux")
        let phoneID = try #require(phoneEntry["id"] as? String)
        #expect(!listed.text.contains(onPhone) && !listed.text.contains(onLaptop), "no token is listed")

        #expect(try await server.send(.DELETE, "/v1/me/sessions/\(phoneID)", token: other).status == 404, "not another person's")
        #expect(try await server.send(.GET, "/v1/me", token: onPhone).status == 200)
        #expect(try await server.send(.DELETE, "/v1/me/sessions/\(phoneID)", token: onLaptop).status == 204)
        #expect(try await server.send(.GET, "/v1/me", token: onPhone).status == 401, "ended on the phone at once")
        #expect(try await server.send(.DELETE, "/v1/me/sessions/\(phoneID)", token: onLaptop).status == 404, "already ended")
        #expect(try await server.send(.GET, "/v1/me", token: onLaptop).status == 200)
        #expect((try await server.send(.GET, "/v1/me/sessions", token: onLaptop).json["sessions"] as? [Any])?.count == 1)
        #expect(try await server.send(.GET, "/v1/me/sessions").status == 401)
    }

    @Test("the web app: the log-in form offers to keep me signed in; the devices page ends one log-in, or all others, with the page's form token")
    func web() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let form = try await server.page("/login")
        #expect(form.readable.contains("Keep me signed in on this device") && form.readable.contains("For 30 days"), "\(form.readable.prefix(500))")
        let (onPhone, _) = try await logIn(server, "brennam", remember: true, agent: phone)
        let (here, _) = try await logIn(server, "brennam", remember: false, agent: laptop)
        let page = try await server.page("/sessions", session: here)
        #expect(page.status == 200 && page.readable.contains("Chrome on Android") && page.readable.contains("Firefox on Linux · this device"),
                "\(page.readable.prefix(800))")
        let phoneID = try #require((try await server.send(.GET, "/v1/me/sessions", token: here).json["sessions"] as? [[String: Any]])?
            .first { $0["kept"] as? Bool == true }?["id"] as? String)
        #expect(try await server.post("/sessions/\(phoneID)/end", [], session: here, csrf: "guessed").status == 403)
        let ended = try await server.post("/sessions/\(phoneID)/end", [], session: here)
        #expect(ended.status == 303 && ended.header("Location") == "/sessions?ended=1")
        #expect(try await server.send(.GET, "/v1/me", token: onPhone).status == 401)
        let (third, _) = try await logIn(server, "brennam", remember: true, agent: phone)
        #expect(try await server.page("/sessions", session: here).readable.contains("End all other log-ins"))
        #expect(try await server.post("/sessions/end-others", [], session: here).header("Location") == "/sessions?ended=1")
        #expect(try await server.send(.GET, "/v1/me", token: third).status == 401, "the others ended")
        #expect(try await server.send(.GET, "/v1/me", token: here).status == 200, "this one kept")
        #expect(!(try await server.page("/sessions", session: here)).readable.contains("End all other log-ins"), "none left to end")
        let hereID = try #require((try await server.send(.GET, "/v1/me/sessions", token: here).json["sessions"] as? [[String: Any]])?.first?["id"] as? String)
        let out = try await server.post("/sessions/\(hereID)/end", [], session: here)
        #expect(out.header("Location") == "/login" && out.setCookie("campus_session")?.contains("Max-Age=0") == true, "ending this one logs out here")
        #expect(try await server.page("/shares", session: onPhone).status == 303)
    }

    @Test("a kept log-in's cookie is renewed when its use moves its end on, never on an answer shared caches may keep, and a log-out clears it once")
    func cookie() async throws {
        let clock = SettableClock(Date())
        let server = try await RoutedServer.start(clock: clock)
        defer { Task { await server.stop() } }
        let (kept, _) = try await logIn(server, "brennam", remember: true, agent: phone)
        let (plain, _) = try await logIn(server, "brennam", remember: false, agent: laptop)
        #expect(try await server.page("/sessions", session: kept).setCookie("campus_session") == nil, "just logged in: nothing moved")
        clock.advance(120)
        #expect(try await server.page("/openapi.json", session: kept).setCookie("campus_session") == nil, "a public answer never carries a token")
        clock.advance(120)
        let renewed = try await server.page("/sessions", session: kept)
        #expect(renewed.setCookie("campus_session")?.contains("Max-Age=2592000") == true, "\(renewed.headers)")
        #expect(renewed.header("Cache-Control") == "no-store")
        #expect(try await server.page("/sessions", session: kept).setCookie("campus_session") == nil, "at most once a minute")
        #expect(try await server.page("/sessions", session: plain).setCookie("campus_session") == nil, "one not kept is not renewed")
        clock.advance(120)
        let out = try await server.post("/logout", [], session: kept)
        let cookies = out.headers["Set-Cookie"].filter { $0.hasPrefix("campus_session=") }
        #expect(cookies.count == 1 && cookies.first?.contains("Max-Age=0") == true, "\(cookies)")
        let id = try #require((try await server.send(.GET, "/v1/me/sessions", token: plain).json["sessions"] as? [[String: Any]])?.first?["id"] as? String)
        let ended = try await server.send(.DELETE, "/v1/me/sessions/\(id)", token: plain)
        #expect(ended.status == 204 && ended.setCookie("campus_session")?.contains("Max-Age=0") == true, "ending my own log-in clears my cookie")
    }

    @Test("keep-signed-in-days: 0 offers nothing, and a log-in kept before is kept no more: the idle limit and 8 hours hold again")
    func notOffered() async throws {
        let clock = SettableClock(Date())
        let first = try await RoutedServer.start(clock: clock)
        let (kept, _) = try await logIn(first, "brennam", remember: true, agent: phone)
        await first.stop()
        let server = try await RoutedServer.start(["--keep-signed-in-days", "0"], root: first.root, clock: clock)
        defer { Task { await server.stop() } }
        let (_, answer) = try await logIn(server, "brennam", remember: true, agent: phone)
        #expect(answer.json["kept"] as? Bool == false)
        #expect(!(try await server.page("/login")).readable.contains("Keep me signed in"))
        let listed = try await server.send(.GET, "/v1/me/sessions", token: kept)
        #expect((listed.json["sessions"] as? [[String: Any]])?.allSatisfy { $0["kept"] as? Bool == false } == true, "\(listed.text)")
        clock.advance(2 * 3600)
        #expect(try await server.send(.GET, "/v1/me", token: kept).status == 401, "idle two hours: ended, kept or not")
    }

    @Test("a shorter keep-signed-in-days shortens the log-ins kept before")
    func shortened() async throws {
        let clock = SettableClock(Date())
        let first = try await RoutedServer.start(clock: clock)
        let (kept, _) = try await logIn(first, "brennam", remember: true, agent: phone)
        await first.stop()
        let server = try await RoutedServer.start(["--keep-signed-in-days", "2"], root: first.root, clock: clock)
        defer { Task { await server.stop() } }
        clock.advance(3 * 86_400)
        #expect(try await server.send(.GET, "/v1/me", token: kept).status == 401, "3 days unused, 2 allowed now")
    }
}
