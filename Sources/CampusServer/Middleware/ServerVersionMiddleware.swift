import CampusCore
import Hummingbird

/// Sends `Campus-Version` on every answer: the command line names both versions when it cannot
/// read what a server of another version answered.
struct ServerVersionMiddleware: RouterMiddleware {
    typealias Context = CampusRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.campusVersion] = CampusVersion.current
        return response
    }
}
