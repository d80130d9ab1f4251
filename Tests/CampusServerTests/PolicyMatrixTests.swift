import Foundation
import NIOHTTP1
import Testing

/// Every rule of the shipped policies, tried on the demo campus with real people logged in
/// against a real slapd, over real HTTP:
///
/// | who | as | relation to fenwicp (a student in CHEM111-02, 202630) |
/// |---|---|---|
/// | fenwicp | student | themselves |
/// | whitfid | faculty | their advisor (teaches them nothing that term) |
/// | kincaib | faculty | teaches CHEM111-02 |
/// | brennam | student | a classmate in CHEM111-02, nothing more |
/// | ashbye | student, suppressed | a classmate the directory suppresses |
/// | pikej | staff | none |
/// | marchk | staff, the registrar role | none |
/// | (nobody) | anonymous | none |
@Suite("Who may see what: the policy matrix", .serialized)
struct PolicyMatrixTests {
    static let people = ["fenwicp", "whitfid", "kincaib", "brennam", "ashbye", "pikej", "marchk"]

    /// Logs everyone in; `nil` is anonymous.
    private func tokens(_ server: some ServerUnderTest) async throws -> [String?: String] {
        var tokens: [String?: String] = [:]
        for person in Self.people { tokens[person] = try await server.logIn(person) }
        return tokens
    }

    /// The status each caller gets for `path`.
    private func statuses(_ server: some ServerUnderTest, _ tokens: [String?: String], _ path: String) async throws -> [String: Int] {
        var statuses: [String: Int] = [:]
        for person in Self.people {
            statuses[person] = try await server.send(.GET, path, token: tokens[person]).status
        }
        statuses["anonymous"] = try await server.send(.GET, path).status
        return statuses
    }

    @Test("ferpa-strict: cards to members, schedules and histories to self, advisor, instructor and registrar")
    func ferpaStrictPeople() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let tokens = try await tokens(server)

        #expect(try await statuses(server, tokens, "/v1/people/fenwicp") == [
            "fenwicp": 200, "whitfid": 200, "kincaib": 200, "brennam": 200, "ashbye": 200, "pikej": 200, "marchk": 200, "anonymous": 401,
        ])
        let allowed = ["fenwicp": 200, "whitfid": 200, "kincaib": 200, "brennam": 403, "ashbye": 403, "pikej": 403, "marchk": 200, "anonymous": 401]
        #expect(try await statuses(server, tokens, "/v1/people/fenwicp/schedule?term=202630") == allowed)
        #expect(try await statuses(server, tokens, "/v1/people/fenwicp/history") == allowed)

        // The advisor is part of the education record; Banner IDs go to self, faculty and staff.
        let byClassmate = try await server.send(.GET, "/v1/people/fenwicp", token: tokens["brennam"])
        #expect(byClassmate.json["advisor"] == nil && byClassmate.json["name"] as? String != nil, "\(byClassmate.text)")
        #expect(byClassmate.json.keys.contains("email"))
        let byAdvisor = try await server.send(.GET, "/v1/people/fenwicp", token: tokens["whitfid"])
        #expect((byAdvisor.json["advisor"] as? [String: Any])?["username"] as? String == "whitfid")
        let own = try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: tokens["fenwicp"])
        #expect(((own.json["person"] as? [String: Any])?.keys.contains("bannerId")) == true)
        let denied = try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: tokens["brennam"])
        #expect(denied.header("Content-Type") == "application/problem+json")
        #expect((denied.json["detail"] as? String)?.contains("rule 'schedule'") == true, "\(denied.text)")
    }

    @Test("ferpa-strict: a roster in full to its instructor and the registrar, as names and e-mail to its students")
    func ferpaStrictRosters() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let tokens = try await tokens(server)
        let path = "/v1/sections/CHEM111-02/roster?term=202630&limit=500"
        #expect(try await statuses(server, tokens, path) == [
            "fenwicp": 200, "whitfid": 403, "kincaib": 200, "brennam": 200, "ashbye": 200, "pikej": 403, "marchk": 200, "anonymous": 401,
        ])
        func students(_ person: String) async throws -> [[String: Any]] {
            try await server.send(.GET, path, token: tokens[person]).json["students"] as? [[String: Any]] ?? []
        }
        let full = try await students("kincaib")
        #expect(full.contains { $0["username"] as? String == "fenwicp" })
        #expect(full.allSatisfy { $0.keys.contains("major") && $0.keys.contains("bannerId") && $0.keys.contains("advisor") })
        let names = try await students("brennam")
        #expect(names.count == full.count, "the same students, the suppressed one left out of both")
        for student in names {
            #expect(Set(student.keys) == ["username", "name", "email", "section"], "\(student.keys.sorted())")
        }
        #expect(!full.contains { $0["username"] as? String == "ashbye" })
        #expect(try await students("marchk").contains { $0["username"] as? String == "ashbye" }, "the registrar sees the suppressed")
        #expect(try await students("ashbye").contains { $0["username"] as? String == "ashbye" }, "and she sees herself")
    }

    @Test("suppressed people exist for nobody but themselves and the registrar: 404 like the unknown, absent from searches and counts")
    func suppressed() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let tokens = try await tokens(server)
        #expect(try await statuses(server, tokens, "/v1/people/ashbye") == [
            "fenwicp": 404, "whitfid": 404, "kincaib": 404, "brennam": 404, "ashbye": 200, "pikej": 404, "marchk": 200, "anonymous": 401,
        ])
        let hidden = try await server.send(.GET, "/v1/people/ashbye", token: tokens["brennam"])
        let unknown = try await server.send(.GET, "/v1/people/zzqxnobody", token: tokens["brennam"])
        #expect(hidden.json["title"] as? String == unknown.json["title"] as? String)
        #expect(hidden.json["type"] as? String == unknown.json["type"] as? String)
        #expect(try await server.send(.GET, "/v1/search?q=ashbye", token: tokens["brennam"]).status == 404)
        let found = try await server.send(.GET, "/v1/search?q=ashbye", token: tokens["marchk"])
        #expect((found.json["matches"] as? [[String: Any]])?.contains { $0["id"] as? String == "ashbye" } == true, "\(found.text)")
        func people(_ person: String) async throws -> Int? {
            let terms = try await server.send(.GET, "/v1/terms", token: tokens[person]).array as? [[String: Any]]
            return terms?.first { $0["code"] as? String == "202630" }?["people"] as? Int
        }
        let seenByStudent = try #require(try await people("brennam"))
        #expect(try await people("marchk") == seenByStudent + 1, "ashbye counts for the registrar only")
        let me = try await server.send(.GET, "/v1/me?term=202630", token: tokens["ashbye"])
        #expect((me.json["card"] as? [String: Any])?["username"] as? String == "ashbye")
    }

    @Test("listings to every member; the record of disclosures to the registrar, naming who saw what under which rule")
    func listingsAndAudit() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let tokens = try await tokens(server)
        let members = Dictionary(uniqueKeysWithValues: Self.people.map { ($0, 200) })
        #expect(try await statuses(server, tokens, "/v1/rooms/BI102?term=202630") == members.merging(["anonymous": 401]) { $1 })
        #expect(try await statuses(server, tokens, "/v1/courses/CHEM1?term=202630") == members.merging(["anonymous": 401]) { $1 })
        #expect(try await statuses(server, tokens, "/v1/instructors/kincaib/sections?term=202630") == members.merging(["anonymous": 401]) { $1 })

        _ = try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: tokens["whitfid"])
        _ = try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: tokens["fenwicp"])
        _ = try await server.send(.GET, "/v1/sections/CHEM111-02/roster?term=202630", token: tokens["kincaib"])
        #expect(try await statuses(server, tokens, "/v1/audit") == [
            "fenwicp": 403, "whitfid": 403, "kincaib": 403, "brennam": 403, "ashbye": 403, "pikej": 403, "marchk": 200, "anonymous": 401,
        ])
        let record = try await server.send(.GET, "/v1/audit?subject=fenwicp", token: tokens["marchk"])
        let entries = try #require(record.json["disclosures"] as? [[String: Any]])
        #expect(entries.contains {
            $0["viewer"] as? String == "whitfid" && $0["record"] as? String == "schedule" && $0["term"] as? String == "202630"
                && $0["rule"] as? String == "ferpa-strict: schedule (advisor)"
        }, "\(record.text)")
        #expect(!entries.contains { $0["viewer"] as? String == "fenwicp" }, "looking at your own record discloses nothing")
        let roster = try await server.send(.GET, "/v1/audit?subject=CHEM111-02&viewer=kincaib", token: tokens["marchk"])
        #expect((roster.json["disclosures"] as? [[String: Any]])?.first?["rule"] as? String == "ferpa-strict: roster (instructor)")
    }

    @Test("reg-sched-compatible: every schedule and roster to any member, Banner IDs too; the suppressed still hidden")
    func regSchedCompatible() async throws {
        let server = try await RoutedServer.start(["--policy", "reg-sched-compatible"])
        defer { Task { await server.stop() } }
        let tokens = try await tokens(server)
        #expect(try await statuses(server, tokens, "/v1/people/fenwicp/schedule?term=202630") == [
            "fenwicp": 200, "whitfid": 200, "kincaib": 200, "brennam": 200, "ashbye": 200, "pikej": 200, "marchk": 200, "anonymous": 401,
        ])
        let roster = try await server.send(.GET, "/v1/sections/CHEM111-02/roster?term=202630", token: tokens["pikej"])
        let students = try #require(roster.json["students"] as? [[String: Any]])
        #expect(students.allSatisfy { $0.keys.contains("bannerId") && $0.keys.contains("major") })
        #expect(!students.contains { $0["username"] as? String == "ashbye" })
        let record = try await server.send(.GET, "/v1/audit?viewer=pikej", token: tokens["marchk"])
        #expect((record.json["disclosures"] as? [[String: Any]])?.first?["rule"] as? String == "reg-sched-compatible: roster (member)")
    }
}
