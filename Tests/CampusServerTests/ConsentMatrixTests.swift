import Foundation
import NIOHTTP1
import Testing

/// The policy matrix's consent cases (34 CFR 99.30), with people logged in against a real
/// slapd over real HTTP: fenwicp (a student in CHEM111-02, 202630; classes in 202610 and
/// 202620 too) shares her schedule with brennam (a classmate), and takes it back.
@Suite("Who may see what: schedules shared by consent", .serialized)
struct ConsentMatrixTests {
    /// Every path that shows fenwicp's week to brennam, with the status each gets.
    private func fenwicpWeek(_ server: some ServerUnderTest, as token: String) async throws -> [String: Int] {
        [
            "schedule": try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: token).status,
            "history": try await server.send(.GET, "/v1/people/fenwicp/history", token: token).status,
            "overlay": try await server.send(.POST, "/v1/overlay", token: token, json: ["members": ["brennam", "fenwicp"], "term": "202630"]).status,
            "meet": try await server.send(.POST, "/v1/meet", token: token, json: ["members": ["brennam", "fenwicp"], "term": "202630"]).status,
        ]
    }

    private static let refused = ["schedule": 403, "history": 403, "overlay": 403, "meet": 403]
    private static let shown = ["schedule": 200, "history": 200, "overlay": 200, "meet": 200]

    @Test("without consent 403; with it exactly what was granted; after revoking 403 at once on every path")
    func grantAndRevoke() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let fenwicp = try await server.logIn("fenwicp")
        let brennam = try await server.logIn("brennam")
        let pikej = try await server.logIn("pikej")
        #expect(try await fenwicpWeek(server, as: brennam) == Self.refused)

        let granted = try await server.send(.POST, "/v1/me/sharing", token: fenwicp,
                                            json: ["with": "brennam", "term": "202630", "purpose": "study for CHEM111"])
        #expect(granted.status == 201, "\(granted.text)")
        let id = try #require(granted.json["id"] as? String)
        #expect(granted.json["from"] as? String == "fenwicp" && granted.json["with"] as? String == "brennam")
        #expect(granted.json["term"] as? String == "202630" && granted.json["purpose"] as? String == "study for CHEM111")

        #expect(try await fenwicpWeek(server, as: brennam) == Self.shown)
        #expect(try await fenwicpWeek(server, as: pikej) == Self.refused, "a consent to brennam is none to anyone else")
        let schedule = try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: brennam)
        let person = try #require(schedule.json["person"] as? [String: Any])
        #expect(person["advisor"] == nil && person["bannerId"] == nil, "a consent shows classes, not the advisor or the Banner ID: \(person.keys.sorted())")
        #expect((schedule.json["sections"] as? [Any])?.isEmpty == false)
        #expect(try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202620", token: brennam).status == 403,
                "another term's schedule was not granted")
        let history = try await server.send(.GET, "/v1/people/fenwicp/history", token: brennam)
        let terms = (history.json["terms"] as? [[String: Any]] ?? []).compactMap { ($0["term"] as? [String: Any])?["code"] as? String }
        #expect(terms == ["202630"], "the history shows the term granted only: \(history.text.prefix(300))")
        let roster = try await server.send(.GET, "/v1/sections/CHEM111-02/roster?term=202630", token: brennam)
        #expect((roster.json["students"] as? [[String: Any]])?.allSatisfy { $0["major"] == nil } == true, "never the roster")

        // Who saw it, when and under which rule: the registrar's record and fenwicp's own.
        let record = try await server.send(.GET, "/v1/me/disclosures", token: fenwicp)
        #expect((record.json["disclosures"] as? [[String: Any]])?.contains {
            $0["viewer"] as? String == "brennam" && $0["rule"] as? String == "ferpa-strict: schedule (consent)" && $0["at"] is String
        } == true, "\(record.text.prefix(500))")

        let tag = try #require(schedule.header("ETag"))
        #expect(try await server.send(.DELETE, "/v1/me/sharing/\(id)", token: fenwicp).status == 204)
        #expect(try await fenwicpWeek(server, as: brennam) == Self.refused)
        let revalidated = try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: brennam, headers: [("If-None-Match", tag)])
        #expect(revalidated.status == 403, "a copy kept from before is not confirmed (no 304)")
        let again = try await server.send(.DELETE, "/v1/me/sharing/\(id)", token: fenwicp)
        #expect(again.status == 409 && (again.json["type"] as? String)?.hasSuffix("already-done") == true, "\(again.text)")
        let listed = try await server.send(.GET, "/v1/me/sharing", token: fenwicp)
        #expect((listed.json["given"] as? [Any])?.isEmpty == true, "\(listed.text)")
    }

    @Test("a group's member who has not consented is never in its free time; their favorites' now and next follow consent")
    func groupsAndFavorites() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let fenwicp = try await server.logIn("fenwicp")
        let barlowk = try await server.logIn("barlowk")
        let brennam = try await server.logIn("brennam")
        for member in ["fenwicp", "barlowk"] {
            #expect(try await server.send(.PUT, "/v1/me/favorites/\(member)?group=lab", token: brennam).status == 201)
        }
        #expect(try await server.send(.POST, "/v1/overlay", token: brennam, json: ["members": ["@lab"], "term": "202630"]).status == 403,
                "nobody in the group shares: nothing to lay over")
        let grant = try await server.send(.POST, "/v1/me/sharing", token: fenwicp, json: ["with": "brennam"])
        #expect(grant.status == 201 && grant.json["term"] is NSNull, "every term, until revoked: \(grant.text)")
        let overlay = try await server.send(.POST, "/v1/overlay", token: brennam, json: ["members": ["@lab"], "term": "202630"])
        #expect(overlay.status == 200, "\(overlay.text)")
        #expect(overlay.json["notShared"] as? [String] == ["barlowk"], "\(overlay.text.prefix(400))")
        let members = (overlay.json["members"] as? [[String: Any]] ?? []).compactMap { $0["username"] as? String }
        #expect(members == ["fenwicp"])
        let grid = try JSONSerialization.data(withJSONObject: overlay.json["grid"] ?? [])
        #expect(!String(decoding: grid, as: UTF8.self).contains("barlowk"), "her times are never used")

        func favoriteSections(_ username: String) async throws -> Int? {
            let favorites = try await server.send(.GET, "/v1/me/favorites?group=lab", token: brennam)
            let entry = (favorites.json["favorites"] as? [[String: Any]])?.first { ($0["username"] as? String) == username }
            return (entry?["sections"] as? [Any])?.count
        }
        #expect(try await favoriteSections("fenwicp") ?? 0 > 0)
        #expect(try await favoriteSections("barlowk") ?? 0 == 0)

        // barlowk consents to brennam's group ("@brennam/lab" is not hers to name: it is not shared with her).
        let notShared = try await server.send(.POST, "/v1/me/sharing", token: barlowk, json: ["with": "@brennam/lab"])
        #expect(notShared.status == 404, "\(notShared.text)")
        #expect(try await server.send(.POST, "/v1/me/sharing", token: brennam, json: ["with": "@lab"]).status == 201)
        let groupGrant = try await server.send(.POST, "/v1/me/sharing", token: barlowk, json: ["with": "@brennam/lab"])
        #expect(groupGrant.status == 201, "\(groupGrant.text)")
        let both = try await server.send(.POST, "/v1/overlay", token: brennam, json: ["members": ["@lab"], "term": "202630"])
        #expect((both.json["notShared"] as? [String]) == [], "\(both.text.prefix(300))")

        // A member lays the shared group over too: its owner, herself, and whoever consented to her.
        let asMember = try await server.send(.POST, "/v1/overlay", token: barlowk, json: ["members": ["@brennam/lab"], "term": "202630"])
        #expect(asMember.status == 200, "\(asMember.text.prefix(300))")
        let laid = Set((asMember.json["members"] as? [[String: Any]] ?? []).compactMap { $0["username"] as? String })
        #expect(laid == ["brennam", "barlowk"] && asMember.json["notShared"] as? [String] == ["fenwicp"], "\(asMember.text.prefix(400))")
        let pikej = try await server.logIn("pikej")
        let stranger = try await server.send(.POST, "/v1/overlay", token: pikej, json: ["members": ["@brennam/lab"], "term": "202630"])
        #expect(stranger.status == 404, "a group not shared with pikej is not found: \(stranger.text)")

        // The group's free-time feed: its owner's link counts barlowk, who consented to the group, and not
        // fenwicp, who consented to brennam alone; barlowk revokes, and the feed is gone at once.
        let link = try await server.send(.POST, "/v1/me/shares", token: brennam, json: ["content": "overlay", "group": "lab"])
        #expect(link.status == 201 && link.json["notShared"] as? [String] == ["fenwicp"], "\(link.text)")
        let feed = try #require((link.json["url"] as? String).flatMap { URL(string: $0)?.path })
        let fetched = try await server.send(.GET, feed)
        #expect(fetched.status == 200 && fetched.text.hasPrefix("BEGIN:VCALENDAR"), "\(fetched.status)")
        // fenwicp consents to the group too, then takes it back: a calendar program's copy is not confirmed (no 304).
        let fenwicpToGroup = try await server.send(.POST, "/v1/me/sharing", token: fenwicp, json: ["with": "@brennam/lab"])
        #expect(fenwicpToGroup.status == 201, "\(fenwicpToGroup.text)")
        let withHer = try await server.send(.GET, feed)
        let herTag = try #require(withHer.header("ETag"))
        #expect(herTag != fetched.header("ETag"), "her week now counts")
        let herGrant = try #require(fenwicpToGroup.json["id"] as? String)
        #expect(try await server.send(.DELETE, "/v1/me/sharing/\(herGrant)", token: fenwicp).status == 204)
        #expect(try await server.send(.GET, feed, headers: [("If-None-Match", herTag)]).status == 200)
        let barlowkGrant = try #require(groupGrant.json["id"] as? String)
        #expect(try await server.send(.DELETE, "/v1/me/sharing/\(barlowkGrant)", token: barlowk).status == 204)
        #expect(try await server.send(.GET, feed).status == 404, "nobody in the group shares any more: the feed is not found")
        #expect(try await server.send(.POST, "/v1/me/sharing", token: barlowk, json: ["with": "@brennam/lab"]).status == 201)

        // A member's own link of the shared group: the owner's consent to it and the member's count, fenwicp's does not.
        let memberLink = try await server.send(.POST, "/v1/me/shares", token: barlowk, json: ["content": "overlay", "group": "brennam/lab"])
        #expect(memberLink.status == 201 && memberLink.json["notShared"] as? [String] == ["fenwicp"], "\(memberLink.text)")
        let memberFeed = try #require((memberLink.json["url"] as? String).flatMap { URL(string: $0)?.path })
        let memberCalendar = try await server.send(.GET, memberFeed)
        #expect(memberCalendar.status == 200 && memberCalendar.text.contains("lab: everyone free") && !memberCalendar.text.contains("brennam"),
                "a link anyone may open names the group, not its owner")

        // The owner stops sharing the group: barlowk's consent to it no longer reaches anyone.
        let ownerShare = try await server.send(.GET, "/v1/me/sharing", token: brennam)
        let ownerID = try #require((ownerShare.json["given"] as? [[String: Any]])?.first?["id"] as? String)
        #expect(try await server.send(.DELETE, "/v1/me/sharing/\(ownerID)", token: brennam).status == 204)
        let unshared = try await server.send(.POST, "/v1/overlay", token: brennam, json: ["members": ["@lab"], "term": "202630"])
        #expect(unshared.json["notShared"] as? [String] == ["barlowk"], "\(unshared.text.prefix(300))")
        #expect(try await server.send(.GET, memberFeed).status == 404, "the group is not shared with barlowk any more: her link is not found")

        let id = try #require(grant.json["id"] as? String)
        #expect(try await server.send(.DELETE, "/v1/me/sharing/\(id)", token: fenwicp).status == 204)
        #expect(try await favoriteSections("fenwicp") ?? 0 == 0, "revoked: her now and next are gone at once")
        let after = try await server.send(.POST, "/v1/overlay", token: brennam, json: ["members": ["@lab"], "term": "202630"])
        #expect(after.status == 403 && (after.json["detail"] as? String)?.contains("fenwicp") == true, "nobody shares: \(after.text.prefix(300))")
    }

    @Test("a section's students, and a suppressed student's consent opening exactly her schedule")
    func sectionsAndSuppressed() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let fenwicp = try await server.logIn("fenwicp")
        let brennam = try await server.logIn("brennam")
        let whitfid = try await server.logIn("whitfid")
        let ashbye = try await server.logIn("ashbye")
        let pikej = try await server.logIn("pikej")
        let section = try await server.send(.POST, "/v1/me/sharing", token: fenwicp, json: ["with": "section:CHEM111-02", "term": "202630"])
        #expect(section.status == 201 && section.json["sectionTerm"] as? String == "202630", "\(section.text)")
        #expect(try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: brennam).status == 200)
        #expect(try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: pikej).status == 403)
        let received = try await server.send(.GET, "/v1/me/sharing", token: brennam)
        #expect((received.json["received"] as? [[String: Any]])?.contains { $0["from"] as? String == "fenwicp" } == true, "\(received.text)")

        #expect(try await server.send(.GET, "/v1/people/ashbye/schedule?term=202630", token: whitfid).status == 404)
        #expect(try await server.send(.POST, "/v1/me/sharing", token: ashbye, json: ["with": "whitfid"]).status == 201)
        let hers = try await server.send(.GET, "/v1/people/ashbye/schedule?term=202630", token: whitfid)
        #expect(hers.status == 200, "her consent opens her schedule to whitfid: \(hers.text.prefix(300))")
        let person = try #require(hers.json["person"] as? [String: Any])
        #expect(Set(person.keys).isSubset(of: ["username", "name"]), "her schedule only, none of her directory entry: \(person.keys.sorted())")
        #expect(try await server.send(.GET, "/v1/people/ashbye", token: whitfid).status == 404, "and nothing else: no card")
        #expect(try await server.send(.GET, "/v1/people/ashbye/schedule?term=202630", token: pikej).status == 404, "to nobody else")
    }

    @Test("asking: requests seen by the person asked, accepted into a consent, declined without telling, limited per day")
    func requests() async throws {
        let server = try await LiveServer.start(["--requests-per-day", "2"])
        defer { Task { await server.stop() } }
        let fenwicp = try await server.logIn("fenwicp")
        let brennam = try await server.logIn("brennam")
        let barlowk = try await server.logIn("barlowk")
        let asked = try await server.send(.POST, "/v1/me/requests", token: brennam, json: ["to": "fenwicp", "purpose": "lab partners"])
        #expect(asked.status == 201, "\(asked.text)")
        let id = try #require(asked.json["id"] as? String)
        let twice = try await server.send(.POST, "/v1/me/requests", token: brennam, json: ["to": "fenwicp"])
        #expect(twice.status == 409, "\(twice.text)")
        let waiting = try await server.send(.GET, "/v1/me/requests", token: fenwicp)
        #expect((waiting.json["incoming"] as? [[String: Any]])?.first?["from"] as? String == "brennam", "\(waiting.text)")
        #expect(try await server.send(.POST, "/v1/me/requests/\(id)/accept", token: brennam).status == 404, "only the person asked answers")
        let accepted = try await server.send(.POST, "/v1/me/requests/\(id)/accept", token: fenwicp)
        #expect(accepted.status == 201 && accepted.json["with"] as? String == "brennam" && accepted.json["purpose"] as? String == "lab partners",
                "\(accepted.text)")
        #expect(try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: brennam).status == 200)
        #expect(try await server.send(.POST, "/v1/me/requests/\(id)/decline", token: fenwicp).status == 409, "answered once")
        let already = try await server.send(.POST, "/v1/me/requests", token: brennam, json: ["to": "fenwicp"])
        #expect(already.status == 409 && (already.json["detail"] as? String)?.contains("shares") == true, "\(already.text)")

        let toBarlowk = try await server.send(.POST, "/v1/me/requests", token: brennam, json: ["to": "barlowk"])
        let declinedID = try #require(toBarlowk.json["id"] as? String)
        #expect(try await server.send(.POST, "/v1/me/requests/\(declinedID)/decline", token: barlowk).status == 204)
        let mine = try await server.send(.GET, "/v1/me/requests", token: brennam)
        let told = (mine.json["outgoing"] as? [[String: Any]])?.first { $0["id"] as? String == declinedID }
        #expect(told?["answer"] as? String == "pending", "a refusal is not told: \(mine.text)")
        let askAgain = try await server.send(.POST, "/v1/me/requests", token: brennam, json: ["to": "barlowk"])
        #expect(askAgain.status == 409 && askAgain.json["detail"] as? String == (twice.json["detail"] as? String)?.replacingOccurrences(of: "fenwicp", with: "barlowk"),
                "asking again is refused as if not yet answered: \(askAgain.text)")
        let third = try await server.send(.POST, "/v1/me/requests", token: brennam, json: ["to": "pikej"])
        #expect(third.status == 429 && (third.json["type"] as? String)?.hasSuffix("too-often") == true, "\(third.text)")
    }

    @Test("bad input: a clear 4xx naming the problem, nothing stored")
    func badInput() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let fenwicp = try await server.logIn("fenwicp")
        func refused(_ body: [String: Any], _ status: Int, _ words: String) async throws {
            let answer = try await server.send(.POST, "/v1/me/sharing", token: fenwicp, json: body)
            #expect(answer.status == status && (answer.json["detail"] as? String)?.contains(words) == true, "\(body): \(answer.text)")
        }
        try await refused(["with": "fenwicp"], 400, "your own schedule")
        try await refused(["with": "zzqxnobody"], 404, "zzqxnobody")
        let suppressed = try await server.send(.POST, "/v1/me/sharing", token: fenwicp, json: ["with": "ashbye"])
        let unknown = try await server.send(.POST, "/v1/me/sharing", token: fenwicp, json: ["with": "zzqxnobody"])
        #expect(suppressed.status == unknown.status && suppressed.json["title"] as? String == unknown.json["title"] as? String)
        try await refused(["with": "@nosuchgroup"], 404, "nosuchgroup")
        try await refused(["with": "section:MA101-01", "term": "202630"], 404, "section you attend")
        try await refused(["with": "section:nonsense"], 400, "names no section")
        try await refused(["with": "brennam", "term": "1999"], 400, "1999")
        try await refused(["with": "brennam", "term": "201010"], 404, "201010")
        try await refused(["with": "brennam", "purpose": "bell\u{07}"], 400, "control characters")
        try await refused(["with": "brennam", "purpose": String(repeating: "x", count: 201)], 400, "at most 200")
        #expect(try await server.send(.POST, "/v1/me/sharing", token: fenwicp, json: ["with": "brennam"]).status == 201)
        try await refused(["with": "brennam"], 409, "already")
        let listed = try await server.send(.GET, "/v1/me/sharing", token: fenwicp)
        #expect((listed.json["given"] as? [Any])?.count == 1, "only the one consent was kept: \(listed.text)")
        let toSelf = try await server.send(.POST, "/v1/me/requests", token: fenwicp, json: ["to": "fenwicp"])
        #expect(toSelf.status == 400, "\(toSelf.text)")
        #expect(try await server.send(.DELETE, "/v1/me/sharing/nosuchid", token: fenwicp).status == 404)
        #expect(try await server.send(.GET, "/v1/me/sharing").status == 401)
    }
}
