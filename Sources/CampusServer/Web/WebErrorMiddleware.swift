import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Turns a page's failure into a page: no session sends the browser to log in (and back
/// afterwards); every other failure is an error page with the API's status and words
/// (403 naming the policy's rule, 404 with suggestions, 429 with `Retry-After`).
struct WebErrorMiddleware: RouterMiddleware {
    typealias Context = CampusRequestContext
    let app: WebApp

    /// An error page: the problem's title and detail, close matches as links, a way back.
    struct ErrorPage: Encodable, Sendable {
        struct Suggestion: Encodable, Sendable {
            var text: String
            var href: String
        }

        var frame: PageFrame
        var heading: String
        var detail: String
        var suggestions: [Suggestion]
        var hasSuggestions: Bool
        var back: String
        var backLabel: String
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch CampusError.unauthenticated {
            // Back to the page itself afterwards, never to the fragment search as you type fetches.
            let kept = (request.uri.query ?? "").split(separator: "&").filter { !$0.hasPrefix("partial=") }
            let target = request.uri.path + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
            return app.redirect(to: "/login" + PathSegment.query([("next", request.method == .get ? target : nil)]))
        } catch let error as CampusError {
            var headers: HTTPFields = [:]
            switch error {
            case .loginThrottled(let seconds), .tooOften(_, _, let seconds): headers[.retryAfter] = String(seconds)
            default: break
            }
            // What the API tells a caller of an outage, no more: the server's own details to its log.
            let shape = ProblemShape(error, servedTo: context.requestID)
            if shape.status >= 500 || shape.detail != ProblemShape(error).detail {
                context.logger.error("page failed", metadata: ["problem": .string(shape.type), "detail": .string(error.description)])
            }
            return try errorPage(request, context, status: shape.status, title: shape.title, detail: shape.detail,
                                 suggestions: shape.suggestions, headers: headers)
        } catch let problem as HTTPProblem {
            return try errorPage(request, context, status: problem.status.code, title: problem.title, detail: problem.detail, headers: problem.headers)
        } catch let error as any HTTPResponseError where error.status == .notFound {
            return try errorPage(request, context, status: 404, title: "Nothing here", detail: "There is no such page.")
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            return try errorPage(request, context, status: 413, title: "The form is too large", detail: "A form sends at most 16 KiB.")
        } catch {
            context.logger.error("page failed unexpectedly", metadata: ["error": .string(String(describing: type(of: error)))])
            return try errorPage(request, context, status: 500, title: "Something went wrong on the server",
                                 detail: "The page could not be made; the request id \(context.requestID) finds it in the server's log.")
        }
    }

    func errorPage(
        _ request: Request, _ context: Context, status: Int, title: String, detail: String, suggestions: [String] = [],
        headers: HTTPFields = [:]
    ) throws -> Response {
        let loggedIn = context.caller.isMember
        let view = ErrorPage(
            frame: app.frame(title, context), heading: title, detail: Self.sentence(detail),
            suggestions: suggestions.prefix(10).map { .init(text: $0, href: "/search" + PathSegment.query([("q", $0)])) },
            hasSuggestions: !suggestions.isEmpty, back: loggedIn ? "/" : "/login", backLabel: loggedIn ? "Back to my week" : "Log in")
        return try app.page(request, context, "error", view, status: .init(code: status), headers: headers)
    }

    /// `detail` begun with a capital and ended with a full stop.
    static func sentence(_ detail: String) -> String {
        guard let first = detail.first else { return detail }
        let text = first.uppercased() + detail.dropFirst()
        return text.last.map { ".!?)".contains($0) } == true ? text : text + "."
    }
}
