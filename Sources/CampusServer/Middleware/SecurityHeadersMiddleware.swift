import Foundation
import HTTPTypes
import Hummingbird

/// Headers every answer carries unless a route set its own: no sniffing of types, no
/// framing, no referrer, nothing loaded by an API answer, and HSTS over HTTPS.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = CampusRequestContext
    let https: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        let defaults: [(HTTPField.Name, String)] = [
            (.xContentTypeOptions, "nosniff"),
            (.xFrameOptions, "DENY"),
            (.referrerPolicy, "no-referrer"),
            (.contentSecurityPolicy, "default-src 'none'; frame-ancestors 'none'"),
        ]
        for (name, value) in defaults where response.headers[name] == nil { response.headers[name] = value }
        if https, response.headers[.strictTransportSecurity] == nil {
            response.headers[.strictTransportSecurity] = "max-age=31536000"
        }
        return response
    }
}

extension HTTPField.Name {
    static let xContentTypeOptions = Self("X-Content-Type-Options")!
    static let xFrameOptions = Self("X-Frame-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
}
