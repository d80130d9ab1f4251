import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Turns every failure into an RFC 9457 problem document (`application/problem+json`)
/// saying what to change: use-case errors with their own status (400 naming the
/// parameter, 401, 403 naming the policy's rule, 404, 429 with `Retry-After`, 503),
/// the request's own failures (405 with `Allow`, 406, 413, 415), and anything
/// unexpected as a 500 that tells nothing of the server's insides (it is logged).
///
/// A browser asking for a page rather than the API (`Accept` takes HTML, the path is not
/// under `/v1/`) gets the same problem as the web app's error page: a form refused for its
/// `Origin`, an address with no page, a page asked for with the wrong method.
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = CampusRequestContext
    let routes: RouteTableBox
    /// Renders a problem as a page, for browsers.
    let pages: WebErrorMiddleware

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let (shape, headers): (ProblemShape, HTTPFields)
        do {
            return try await next(request, context)
        } catch let error as CampusError {
            var fields: HTTPFields = [:]
            switch error {
            case .loginThrottled(let seconds), .tooOften(_, _, let seconds): fields[.retryAfter] = String(seconds)
            case .unauthenticated, .loginFailed: fields[.wwwAuthenticate] = "Bearer realm=\"campus\""
            default: break
            }
            (shape, headers) = (ProblemShape(error, servedTo: context.requestID), fields)
            if shape.status >= 500 || shape.detail != ProblemShape(error).detail {
                context.logger.error("use case failed", metadata: ["problem": .string(shape.type), "detail": .string(error.description)])
            }
        } catch let problem as HTTPProblem {
            (shape, headers) = (problem.shape, problem.headers)
        } catch let error as any HTTPResponseError {
            let problem = httpError(error, request: request)
            (shape, headers) = (problem.shape, problem.headers)
        } catch let error as DecodingError {
            (shape, headers) = (HTTPProblem.badBody(error.readableDescription(root: "the body")).shape, [:])
        } catch {
            context.logger.error("request failed unexpectedly", metadata: ["error": .string(String(describing: type(of: error)))])
            (shape, headers) = (ProblemShape(
                type: "urn:campus-lookup:problem:internal", title: "Something went wrong on the server", status: 500,
                detail: "the server could not answer; the request id \(context.requestID) finds it in the server's log."), [:])
        }
        if Self.wantsPage(request) {
            return try pages.errorPage(request, context, status: shape.status, title: shape.title, detail: shape.detail,
                                       suggestions: shape.suggestions, headers: headers)
        }
        return try Self.response(shape, headers: headers, to: request, context)
    }

    /// Whether the request is a browser's for a page: not the API's, and HTML acceptable.
    static func wantsPage(_ request: Request) -> Bool {
        let path = request.uri.path
        guard !path.hasPrefix("/v1/"), !["/healthz", "/readyz", "/metrics", "/openapi.json"].contains(path) else { return false }
        return Negotiation.choose(["application/json", "text/html"], accept: request.headers[.accept]) == "text/html"
    }

    /// Hummingbird's own errors: a route without the method is 405, a body too large 413.
    private func httpError(_ error: any HTTPResponseError, request: Request) -> HTTPProblem {
        switch error.status {
        case .notFound:
            let allowed = routes.methods(matching: request.uri.path)
            return allowed.isEmpty ? .notFound : .methodNotAllowed(request.method, path: request.uri.path, allowed: allowed)
        case .contentTooLarge:
            return .tooLarge
        case let status:
            return HTTPProblem(status: status, kind: "http-\(status.code)", title: status.reasonPhrase,
                               detail: "the request could not be answered (\(status.code) \(status.reasonPhrase)).")
        }
    }

    /// The problem document as a response to `request`.
    static func response(_ shape: ProblemShape, headers: HTTPFields = [:], to request: Request, _ context: CampusRequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/problem+json"
        fields[.cacheControl] = "no-store"
        return try context.responseEncoder.encode(shape, from: request, context: context).with(status: .init(code: shape.status), headers: fields)
    }

}
