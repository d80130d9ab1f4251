import CampusLookup
import Foundation
import Testing

/// What probing a live server as its users would (a student, an instructor, the registrar)
/// found wrong once, each kept as a test.
@Suite("The API and web app: found by probing a live server", .serialized)
struct ProbeFindingsTests {
    @Test("no \"did you mean\" names a suppressed person, to anyone but the registrar")
    func suggestionsKeepSuppressedPeopleOut() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        for caller in ["brennam", "whitfid"] {
            let token = try await server.logIn(caller)
            for path in ["/v1/people/ashbyz", "/v1/people/ashbye", "/v1/people/ashbye/schedule", "/v1/search?q=ashbyz"] {
                let answer = try await server.send(.GET, path, token: token)
                #expect(answer.status == 404, "\(caller) \(path)")
                let suggestions = answer.json["suggestions"] as? [String] ?? []
                #expect(!suggestions.isEmpty && !suggestions.contains("ashbye"), "\(caller) \(path): \(answer.text)")
                #expect(!answer.text.contains("ashbye,") && !answer.text.contains("ashbye?"), "\(caller) \(path): \(answer.text)")
            }
        }
        let registrar = try await server.logIn("marchk")
        let revealed = try await server.send(.GET, "/v1/people/ashbyz", token: registrar)
        #expect((revealed.json["suggestions"] as? [String] ?? []).contains("ashbye"), "\(revealed.text)")
    }

    @Test("an instructor's view of a student's history holds the terms they taught the student in, as the schedule of each term would")
    func historyFollowsTheScheduleRuleTermByTerm() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let instructor = try await server.logIn("kincaib")
        for student in ["hollowd", "brennam"] {
            let history = try await server.send(.GET, "/v1/people/\(student)/history", token: instructor)
            #expect(history.status == 200, "\(history.text)")
            let terms = (history.json["terms"] as? [[String: Any]] ?? []).compactMap { ($0["term"] as? [String: Any])?["code"] as? String }
            #expect(!terms.isEmpty)
            for term in ["202610", "202620", "202630", "202640"] {
                let schedule = try await server.send(.GET, "/v1/people/\(student)/schedule?term=\(term)", token: instructor)
                #expect(terms.contains(term) == (schedule.status == 200), "\(student) \(term): history \(terms), schedule \(schedule.status)")
            }
        }
        let advisor = try await server.logIn("whitfid")
        let advisee = try await server.send(.GET, "/v1/people/brennam/history", token: advisor)
        #expect((advisee.json["terms"] as? [Any])?.count == 4, "an advisor sees every term: \(advisee.text.prefix(200))")
    }

    @Test("my week lists a favorite I may not see without where they are, never with where I am")
    func favoritesNeverShowMyOwnWhereabouts() async throws {
        let server = try await LiveServer.start(ServeOptions(clock: "2026-03-30T10:05"))
        defer { Task { await server.stop() } }
        let student = try await server.logIn("fenwicp")
        #expect(try await server.send(.PUT, "/v1/me/favorites/brennam", token: student).status < 300)
        let me = try await server.send(.GET, "/v1/me", token: student)
        let mine = try #require((me.json["now"] as? [String: Any])?["section"] as? String, "fenwicp is in class at 10:05: \(me.text)")
        let page = try await server.page("/", session: student)
        let favorites = page.readable.components(separatedBy: "Favorites").last ?? ""
        #expect(favorites.contains("Morgan Brennan"), "\(favorites)")
        #expect(!favorites.contains(mine) && !favorites.contains("Now in"), "\(favorites)")
    }
}
