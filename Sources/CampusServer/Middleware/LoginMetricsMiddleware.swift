import CampusLookup
import Hummingbird

/// Counts refused log-ins (wrong credentials, throttled) for `/metrics`.
struct LoginMetricsMiddleware: RouterMiddleware {
    typealias Context = CampusRequestContext
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch CampusError.loginFailed {
            metrics.loginFailed()
            throw CampusError.loginFailed
        } catch CampusError.loginThrottled(let seconds) {
            metrics.loginThrottled()
            throw CampusError.loginThrottled(retryAfter: seconds)
        }
    }
}
