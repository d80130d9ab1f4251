import CampusLookup
import Foundation
import Hummingbird
import Logging
import Synchronization

/// `/healthz`, `/readyz`, `/metrics` and `/openapi.json`: for anyone, no log-in.
struct OperationsRoutes: Sendable {
    let service: CampusService
    let metrics: ServerMetrics
    let openAPI: [UInt8]
    /// What the last `/readyz` found wrong, to log each change once.
    private let lastProblems = ReadinessLog()

    init(service: CampusService, metrics: ServerMetrics, openAPI: [UInt8]) {
        self.service = service
        self.metrics = metrics
        self.openAPI = openAPI
    }

    func register(on router: Router<CampusRequestContext>) -> [RouteTable.Route] {
        router.get("/healthz") { request, context in try Self.json(HealthShape(), status: .ok, request, context) }
        router.get("/readyz") { [lastProblems] request, context in
            let readiness = await service.readiness(now: Date())
            lastProblems.note(readiness.details, logger: context.logger)
            return try Self.json(ReadinessShape(readiness), status: readiness.ready ? .ok : .serviceUnavailable, request, context)
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

    static func json(_ shape: some Encodable, status: HTTPResponse.Status, _ request: Request, _ context: CampusRequestContext) throws -> Response {
        try context.responseEncoder.encode(shape, from: request, context: context).with(status: status, headers: [.cacheControl: "no-store"])
    }
}

/// The reasons `/readyz` last gave, so that the log says each change once (with the details
/// callers are not shown: paths, the directory's own answer), not once per health check.
final class ReadinessLog: Sendable {
    private let last = Mutex<[String]>([])

    func note(_ details: [String], logger: Logger) {
        let changed = last.withLock { last in
            defer { last = details }
            return last != details
        }
        guard changed else { return }
        if details.isEmpty {
            logger.notice("ready again")
        } else {
            logger.warning("not ready", metadata: ["reasons": .string(details.joined(separator: "; "))])
        }
    }
}
