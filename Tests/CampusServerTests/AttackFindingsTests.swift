import CampusLookup
import Foundation
import SlapdHarness
import Testing

/// What probing `campus serve` as an attacker would (ferpa-strict, the demo campus, a real
/// slapd) found once, each kept as a test. Enrollment is an education record: nothing a
/// student may be shown of another student may tell whether, when or how much they take.
@Suite("The API under attack: found by an attacker's probe", .serialized)
struct AttackFindingsTests {
    /// Demo students: brandtn1 took classes in 202620 only, quinna never, holte in 202640 only.
    static let students = ["brandtn1", "quinna", "holte"]

    @Test("a card tells a student nothing of another student's terms: no term, no registrar link, for one enrolled or not")
    func cardsHoldNoEnrollment() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let student = try await server.logIn("brennam")
        for other in Self.students {
            let card = try await server.send(.GET, "/v1/people/\(other)", token: student)
            #expect(card.status == 200, "\(card.text)")
            let link = try #require(card.json["schedule"] as? [String: Any], "\(card.text)")
            #expect(link["term"] is NSNull && link["url"] is NSNull, "\(other): \(card.text)")
        }
        // Whom the schedule rule allows still sees where to look: the advisor (grangek1 of
        // brandtn1), and a student sees the term a faculty member teaches in (a listing).
        let advisor = try await server.logIn("grangek1")
        let advised = try await server.send(.GET, "/v1/people/brandtn1", token: advisor)
        #expect((advised.json["schedule"] as? [String: Any])?["term"] as? String == "202620", "\(advised.text)")
        let faculty = try await server.send(.GET, "/v1/people/whitfid", token: student)
        #expect((faculty.json["schedule"] as? [String: Any])?["term"] as? String == "202640", "\(faculty.text)")
    }

    @Test("a favorites list tells a student nothing of a favorite student's terms")
    func favoritesHoldNoEnrollment() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let student = try await server.logIn("brennam")
        for other in Self.students + ["whitfid"] {
            #expect(try await server.send(.PUT, "/v1/me/favorites/\(other)?group=probe", token: student).status < 300)
        }
        let list = try await server.send(.GET, "/v1/me/favorites?group=probe", token: student)
        let favorites = list.json["favorites"] as? [[String: Any]] ?? []
        #expect(favorites.count == 4, "\(list.text)")
        for favorite in favorites {
            let username = favorite["username"] as? String ?? ""
            let sections = favorite["sections"] as? [[String: Any]] ?? []
            if username == "whitfid" {
                #expect((favorite["term"] as? [String: Any])?["code"] as? String == "202640", "a listing: \(favorite)")
                #expect(!sections.isEmpty && sections.allSatisfy { $0["role"] as? String == "instructor" })
            } else {
                #expect(favorite["term"] is NSNull && sections.isEmpty, "\(username): \(favorite)")
                #expect(favorite["now"] is NSNull && favorite["next"] is NSNull)
            }
        }
    }

    @Test("a saved person who opts out stays listed, as a username the index does not know, and is removed as any other; a name never saved is not found")
    func optOutsLookLikeDepartures() async throws {
        let slapd = try SlapdServer.start(ldifFiles: [DemoIndexFile.packageRoot.appendingPathComponent("fixtures/directory.ldif").path])
        defer { slapd.stop() }
        let server = try await LiveServer.start(directory: slapd)
        defer { Task { await server.stop() } }
        let owner = try await server.logIn("whitfid")
        for saved in ["brennam", "oyelarn"] {
            #expect(try await server.send(.PUT, "/v1/me/favorites/\(saved)?group=watch", token: owner).status < 300)
        }
        try slapd.modify(ldif: """
            dn: uid=brennam,ou=People,\(slapd.baseDN)
            changetype: modify
            add: campusPrivacy
            campusPrivacy: suppress

            dn: uid=oyelarn,ou=People,\(slapd.baseDN)
            changetype: delete

            """)
        let sync = await server.service.refreshDirectory(full: true, now: Date())
        #expect(sync.succeeded, "\(sync.summary)")
        let list = try await server.send(.GET, "/v1/me/favorites?group=watch", token: owner)
        let favorites = list.json["favorites"] as? [[String: Any]] ?? []
        #expect(favorites.map { $0["username"] as? String } == ["brennam", "oyelarn"], "\(list.text)")
        // The one who opted out is a username the index knows nothing of; the one who left the
        // directory is still the registrar's student.
        #expect(favorites.first?["inIndex"] as? Bool == false && favorites.first?["person"] is NSNull, "\(list.text)")
        #expect(favorites.first?["term"] is NSNull && (favorites.first?["sections"] as? [Any])?.isEmpty == true)
        #expect(favorites.last?["inIndex"] as? Bool == true, "\(list.text)")
        #expect(try await server.send(.DELETE, "/v1/me/favorites/brennam?group=watch", token: owner).status == 204)
        #expect(try await server.send(.DELETE, "/v1/me/favorites/oyelarn?group=watch", token: owner).status == 204)
        #expect(try await server.send(.DELETE, "/v1/me/favorites/quinna?group=watch", token: owner).status == 404)
    }
}
