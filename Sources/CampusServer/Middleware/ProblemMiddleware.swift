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
struct ProblemMiddleware: RouterMiddleware {
    typealias Context = CampusRequestContext
    let routes: RouteTableBox

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as CampusError {
            var headers: HTTPFields = [:]
            switch error {
            case .loginThrottled(let seconds): headers[.retryAfter] = String(seconds)
            case .unauthenticated, .loginFailed: headers[.wwwAuthenticate] = "Bearer realm=\"campus\""
            default: break
            }
            let shape = ProblemShape(error)
            if shape.status >= 500 {
                context.logger.error("use case failed", metadata: ["problem": .string(shape.type), "detail": .string(error.description)])
            }
            return try Self.response(shape, headers: headers)
        } catch let problem as HTTPProblem {
            return try Self.response(problem.shape, headers: problem.headers)
        } catch let error as any HTTPResponseError {
            return try Self.response(httpError(error, request: request).shape, headers: httpError(error, request: request).headers)
        } catch let error as DecodingError {
            return try Self.response(HTTPProblem.badBody(Self.describe(error)).shape)
        } catch {
            context.logger.error("request failed unexpectedly", metadata: ["error": .string(String(describing: type(of: error)))])
            return try Self.response(ProblemShape(
                type: "urn:campus-lookup:problem:internal", title: "Something went wrong on the server", status: 500,
                detail: "the server could not answer; the request id \(context.requestID) finds it in the server's log."))
        }
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

    /// The problem document as a response.
    static func response(_ shape: ProblemShape, headers: HTTPFields = [:]) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/problem+json"
        fields[.cacheControl] = "no-store"
        return Response(status: .init(code: shape.status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: try AnswerJSON.compactData(shape))))
    }

    /// `password: expected String` rather than Swift's dump.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map(\.stringValue).joined(separator: ".")
            return keys.isEmpty ? "the body" : keys
        }
        switch error {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(path(context)): expected \(type)"
        case .keyNotFound(let key, _):
            return "\(key.stringValue) is missing"
        case .dataCorrupted(let context):
            return "\(path(context)) is not valid JSON"
        @unknown default:
            return "the body is not valid"
        }
    }
}
