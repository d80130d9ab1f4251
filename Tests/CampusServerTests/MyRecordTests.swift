import Foundation
import NIOHTTP1
import Testing

/// A student's own record of disclosures (34 CFR 99.32(c)): over the API and on its page.
@Suite("Who saw my records")
struct MyRecordTests {
    @Test("my schedule seen by my advisor and the roster of my section seen by the registrar are mine; nobody else's are")
    func mine() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let student = try await server.logIn("fenwicp")
        let mySections = (try await server.send(.GET, "/v1/me?term=202630", token: student).json["sections"] as? [[String: Any]] ?? [])
            .compactMap { $0["id"] as? String }
        let mine = try #require(mySections.first)
        let brennam = try await server.logIn("brennam")
        let theirs = (try await server.send(.GET, "/v1/me?term=202630", token: brennam).json["sections"] as? [[String: Any]] ?? [])
            .compactMap { $0["id"] as? String }
        let notMine = try #require(theirs.first { !mySections.contains($0) })

        #expect(try await server.send(.GET, "/v1/me/disclosures", token: student).json["total"] as? Int == 0, "nothing seen yet")
        #expect(try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: student).status == 200)
        let advisor = try await server.logIn("whitfid")
        #expect(try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: advisor).status == 200)
        let registrar = try await server.logIn("marchk")
        #expect(try await server.send(.GET, "/v1/sections/\(mine)/roster?term=202630", token: registrar).status == 200)
        #expect(try await server.send(.GET, "/v1/sections/\(notMine)/roster?term=202630", token: registrar).status == 200)
        #expect(try await server.send(.GET, "/v1/people/brennam/schedule?term=202630", token: registrar).status == 200)

        let record = try await server.send(.GET, "/v1/me/disclosures", token: student)
        #expect(record.status == 200 && record.header("Cache-Control") == "no-store")
        let entries = try #require(record.json["disclosures"] as? [[String: Any]])
        #expect(record.json["total"] as? Int == 2, "\(record.text)")
        #expect(entries.map { $0["record"] as? String } == ["roster", "schedule"], "newest first")
        #expect(entries.first?["subject"] as? String == mine && entries.first?["viewer"] as? String == "marchk")
        #expect(entries.last?["viewer"] as? String == "whitfid" && entries.last?["rule"] as? String == "ferpa-strict: schedule (advisor)")
        #expect(entries.allSatisfy { $0["term"] as? String == "202630" })

        let paged = try await server.send(.GET, "/v1/me/disclosures?limit=1", token: student)
        #expect((paged.json["disclosures"] as? [Any])?.count == 1 && paged.json["next"] is String)

        let others = try await server.send(.GET, "/v1/me/disclosures", token: brennam)
        let theirEntries = try #require(others.json["disclosures"] as? [[String: Any]])
        #expect(theirEntries.map { $0["subject"] as? String } == ["brennam", notMine], "brennam's schedule and his section's roster: \(others.text)")
        #expect(try await server.send(.GET, "/v1/me/disclosures").status == 401)
    }

    @Test("what I saw myself is not in my record; a classmate the directory suppresses is named as unlisted, to me, never by name")
    func classmates() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let roster = "/v1/sections/CHEM111-02/roster?term=202630"
        let brennam = try await server.logIn("brennam")
        let fenwicp = try await server.logIn("fenwicp")
        let ashbye = try await server.logIn("ashbye")
        #expect(try await server.send(.GET, roster, token: brennam).status == 200)
        #expect(try await server.send(.GET, roster, token: ashbye).status == 200)
        #expect(try await server.send(.GET, roster, token: fenwicp).status == 200)

        let mine = try await server.send(.GET, "/v1/me/disclosures", token: brennam)
        let entries = try #require(mine.json["disclosures"] as? [[String: Any]])
        #expect(entries.map { $0["viewer"] as? String } == ["fenwicp", "unlisted"], "\(mine.text)")
        #expect(!mine.text.contains("ashbye") && mine.json["total"] as? Int == 2)
        let page = try await server.page("/record", session: brennam)
        #expect(page.readable.contains("Seen by someone the directory does not list") && !page.readable.contains("ashbye"))

        let theirs = try await server.send(.GET, "/v1/me/disclosures", token: ashbye)
        #expect((theirs.json["disclosures"] as? [[String: Any]])?.map { $0["viewer"] as? String } == ["fenwicp", "brennam"], "\(theirs.text)")
        let registrar = try await server.logIn("marchk")
        let audit = try await server.send(.GET, "/v1/audit?subject=CHEM111-02", token: registrar)
        #expect(audit.text.contains("\"viewer\":\"ashbye\""), "the registrar's record names everyone")
    }

    @Test("the page says who saw what, when and by which rule; a link leads there from the shares page")
    func page() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let student = try await server.logIn("fenwicp")
        let empty = try await server.page("/record", session: student)
        #expect(empty.status == 200 && empty.readable.contains("Nobody but you has seen your records."), "\(empty.readable.prefix(400))")
        let advisor = try await server.logIn("whitfid")
        _ = try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: advisor)
        let seen = try await server.page("/record", session: student)
        #expect(seen.readable.contains("My schedule (202630)") && seen.readable.contains("Seen by whitfid"), "\(seen.readable.prefix(600))")
        #expect(seen.readable.contains("ferpa-strict: schedule (advisor)"))
        #expect(try await server.page("/shares", session: student).text.contains("href=\"/record\""))
        #expect(try await server.page("/record").status == 303, "no log-in: to the log-in page")
    }
}
