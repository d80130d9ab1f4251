import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

/// A failure of the request itself, before any use case ran (a method the route does not
/// take, a type nobody can give, a body that is not JSON): rendered as a problem document.
struct HTTPProblem: Error {
    var status: HTTPResponse.Status
    var kind: String
    var title: String
    var detail: String
    var headers: HTTPFields = [:]

    var shape: ProblemShape {
        ProblemShape(type: "urn:campus-lookup:problem:" + kind, title: title, status: status.code, detail: detail)
    }

    static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> HTTPProblem {
        let names = allowed.map(\.rawValue).joined(separator: ", ")
        return HTTPProblem(
            status: .methodNotAllowed, kind: "method-not-allowed", title: "Method not allowed",
            detail: "\(path) takes \(names), not \(method.rawValue).", headers: [.allow: names])
    }

    static func notAcceptable(offered: [String]) -> HTTPProblem {
        HTTPProblem(
            status: .notAcceptable, kind: "not-acceptable", title: "No acceptable answer",
            detail: "this answer comes as \(offered.joined(separator: ", ")); ask for one of them in Accept.")
    }

    /// A body not of the type the operation reads: `expected` (JSON unless said otherwise).
    static func unsupportedMediaType(_ given: String?, expected: String = "application/json") -> HTTPProblem {
        HTTPProblem(
            status: .unsupportedMediaType, kind: "unsupported-media-type", title: expected == "application/json" ? "Send JSON" : "Send a form",
            detail: "the body must be \(expected)" + (given.map { ", not \($0)" } ?? " (no Content-Type was given)") + ".")
    }

    static func badBody(_ detail: String) -> HTTPProblem {
        HTTPProblem(status: .badRequest, kind: "bad-body", title: "The body is not valid", detail: detail)
    }

    static let tooLarge = HTTPProblem(
        status: .contentTooLarge, kind: "too-large", title: "The body is too large",
        detail: "request bodies are at most 64 KiB: send less.")

    static let notFound = HTTPProblem(
        status: .notFound, kind: "not-found", title: "Nothing here",
        detail: "no such address; GET /openapi.json lists every route.")

    static let crossOrigin = HTTPProblem(
        status: .forbidden, kind: "cross-origin", title: "Refused: not from this site",
        detail: "a change made with the session cookie must come from this site's own pages (its Origin did not match).")
}
