@testable import CampusServer
import Foundation
import Testing

/// The routes are written by hand over the use cases (see docs/server.md for why), so the
/// OpenAPI document is checked against them: every route documented, nothing documented
/// that is not routed. Schemathesis then checks every answer against the document (`.ci/run`).
@Suite("The OpenAPI document and the routes")
struct OpenAPIDocumentTests {
    @Test("every route is documented, with its method, and every documented operation is routed")
    func sameRoutes() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let document = try await server.send(.GET, "/openapi.json").json
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let documented = Set(paths.flatMap { path, operations in
            operations.keys.filter { ["get", "put", "post", "delete", "patch"].contains($0) }.map { "\($0.uppercased()) \(path)" }
        })
        let router = CampusServer(service: server.service, openAPI: [], logger: .init(label: "test"))
        let routed = Set(router.routeTable().routes.map { "\($0.method.rawValue) \($0.path)" })
        #expect(routed.count > 25)
        #expect(routed.subtracting(documented).isEmpty, "routed, not documented: \(routed.subtracting(documented).sorted())")
        #expect(documented.subtracting(routed).isEmpty, "documented, not routed: \(documented.subtracting(routed).sorted())")
        for (path, operations) in paths {
            for (method, operation) in operations {
                guard let operation = operation as? [String: Any], let responses = operation["responses"] as? [String: Any] else { continue }
                #expect(operation["operationId"] is String, "\(method) \(path) has an operationId")
                if path != "/healthz", path != "/metrics", path != "/openapi.json" {
                    #expect(responses.keys.contains { $0.hasPrefix("4") || $0.hasPrefix("5") || $0 == "default" }, "\(method) \(path) documents its errors")
                }
            }
        }
    }

    @Test("a term the document's pattern allows is never refused as no term (as schemathesis checks), and no term is allowed by it")
    func termPattern() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let document = try await server.send(.GET, "/openapi.json").json
        let parameters = try #require((document["components"] as? [String: Any])?["parameters"] as? [String: Any])
        let schema = try #require((parameters["term"] as? [String: Any])?["schema"] as? [String: Any])
        let pattern = try Regex(try #require(schema["pattern"] as? String))
        let token = try await server.logIn("whitfid")
        let terms = ["202630", "202650", "0", "000010", "99999999", "202640", "spring 2026", "spring 0000", "fall 9999", "fall 2100",
                     "winter 2100", "Spring 2025-2026", "Spring 1899-1900", "summer 2099-2100", "current", "NOW", "prev", "autumn 2026"]
        for term in terms {
            let query = term.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? term
            let answer = try await server.send(.GET, "/v1/search?q=csse&term=\(query)", token: token)
            let refusedAsNoTerm = answer.status == 400 && answer.json["type"] as? String == "urn:campus-lookup:problem:bad-term"
            let allowed = term.wholeMatch(of: pattern) != nil
            #expect(!(allowed && refusedAsNoTerm), "\(term): \(answer.status) \(answer.text)")
            if ["202650", "0", "99999999", "spring 0000", "autumn 2026"].contains(term) {
                #expect(refusedAsNoTerm && !allowed, "\(term) is no term: \(answer.status) \(answer.text)")
            }
        }
    }
}
