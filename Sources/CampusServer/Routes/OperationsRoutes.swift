import CampusLookup
import Foundation
import Hummingbird

/// `/healthz`, `/readyz`, `/metrics` and `/openapi.json`: for anyone, no log-in.
struct OperationsRoutes: Sendable {
    let service: CampusService
    let metrics: ServerMetrics
    let openAPI: [UInt8]

    func register(on router: Router<CampusRequestContext>) -> [RouteTable.Route] {
        router.get("/healthz") { _, _ in try Self.json(HealthShape(), status: .ok) }
        router.get("/readyz") { _, _ in
            let readiness = service.readiness(now: Date())
            return try Self.json(ReadinessShape(readiness), status: readiness.ready ? .ok : .serviceUnavailable)
        }
        router.get("/metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                     body: .init(byteBuffer: ByteBuffer(bytes: metrics.text(service: service))))
        }
        router.get("/openapi.json") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "public, max-age=3600"],
                     body: .init(byteBuffer: ByteBuffer(bytes: openAPI)))
        }
        return ["/healthz", "/readyz", "/metrics", "/openapi.json"].map { RouteTable.Route(method: .get, path: $0) }
    }

    static func json(_ shape: some Encodable, status: HTTPResponse.Status) throws -> Response {
        Response(status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(bytes: try AnswerJSON.compactData(shape))))
    }
}
