@testable import CampusServer
import Foundation
import Testing

/// The routes are written by hand over the use cases (see the README for why), so the
/// OpenAPI document is checked against them: every route documented, nothing documented
/// that is not routed. Schemathesis then checks every answer against the document (`.ci/run`).
@Suite("The OpenAPI document and the routes")
struct OpenAPIDocumentTests {
    @Test("every route is documented, with its method, and every documented operation is routed")
    func sameRoutes() async throws {
        let server = try await LiveServer.start()
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
}
