import CampusCore
import Foundation
import Testing

@testable import CampusLookup

/// What the command line says when a campus server of another version does not answer as it expects.
@Suite("Words for a campus server of another version")
struct ServerVersionWordsTests {
    private func refusal(_ detail: String, status: UInt = 404, version: String?) throws -> ProblemShape {
        let login = SavedLogin(server: "https://campus.example.edu", username: "brennam", token: "token", savedAt: Date())
        let lookups = try ServerLookups(login: login, keptAnswers: FileManager.default.temporaryDirectory.appendingPathComponent("none"))
        let body = try JSONEncoder().encode(ProblemShape(type: "urn:campus-lookup:problem:not-found", title: "Nothing matches", status: Int(status), detail: detail))
        guard case .server(let problem) = lookups.problem(CampusServerClient.Answer(status: status, body: body, version: version)) else {
            throw DocumentedError("not a server's problem")
        }
        return problem
    }

    struct DocumentedError: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }

    @Test("a lookup a server of another version does not have names both versions")
    func missingLookupNamesBothVersions() throws {
        let problem = try refusal("no such address; GET /openapi.json lists every route.", version: "0.0.9")
        #expect(problem.detail == "the campus server at https://campus.example.edu does not answer this lookup, "
            + "and it runs campus 0.0.9 where this command is \(CampusVersion.current)")
    }

    @Test("a person not found keeps the server's own words, whatever its version; the same version adds nothing")
    func otherRefusalsKeepTheirWords() throws {
        #expect(try refusal("no person matches 'brenam'.", version: "0.0.9").detail == "no person matches 'brenam'.")
        #expect(try refusal("no such address; GET /openapi.json lists every route.", version: CampusVersion.current).detail
            == "no such address; GET /openapi.json lists every route.")
        #expect(CampusServerClient.otherVersion(nil).isEmpty)
    }
}
