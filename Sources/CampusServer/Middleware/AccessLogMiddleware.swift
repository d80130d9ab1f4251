import Hummingbird
import Logging

/// One log line per request: method, route template (`/v1/people/{username}`, never the
/// username itself), status and duration, with the request id. Never a query string, a
/// header, a token, a cookie or a password.
struct AccessLogMiddleware: RouterMiddleware {
    typealias Context = CampusRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, context, status: response.status.code, since: started)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            log(request, context, status: status, since: started)
            throw error
        }
    }

    private func log(_ request: Request, _ context: Context, status: Int, since started: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        context.logger.info("request", metadata: [
            "method": .string(request.method.rawValue),
            "route": .string(RouteTemplate.display(context.endpointPath)),
            "status": .stringConvertible(status),
            "ms": .string(String(format: "%.2f", milliseconds)),
        ])
    }
}

/// Route templates as the API documents them.
enum RouteTemplate {
    /// The template a request matched (`/v1/people/{username}`, also for a `:username` form); `unmatched` for none.
    static func display(_ endpointPath: String?) -> String {
        guard let path = endpointPath, path != "NotFound" else { return "unmatched" }
        return path.split(separator: "/", omittingEmptySubsequences: false).map { part in
            part.hasPrefix(":") ? "{\(part.dropFirst())}" : String(part)
        }.joined(separator: "/")
    }
}
