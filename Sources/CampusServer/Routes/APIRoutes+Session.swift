import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

extension APIRoutes {
    /// `{"username": "quinna", "password": "...", "remember": true}`.
    struct LogInBody: Decodable {
        var username: String
        var password: String
        /// "Keep me signed in on this device".
        var remember: Bool?
    }

    /// `POST /v1/session`: log in; the token in the answer (for programs) and in the session cookie (for the web app).
    @Sendable func logIn(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let body = try await body(LogInBody.self, request, context)
        let address = clientAddress.of(request, peer: context.remoteAddress)
        let answer = try await metrics.countingRefusals { () async throws(CampusError) in
            try await service.logIn(
                username: body.username, password: body.password, address: address, keep: body.remember ?? false,
                userAgent: request.headers[.userAgent], now: service.now())
        }
        var response = try await answerer.uncached(request, context) { _ in .json(SessionShape(answer)) }
        response.setCookie(SessionAuthenticator.cookie(for: answer, configuration: service.configuration))
        return response
    }

    /// `GET /v1/session`: the session the request carries.
    @Sendable func session(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        guard let token = context.token else { throw CampusError.unauthenticated }
        let answer = try await service.session(token: token, now: service.now())
        return try await answerer.uncached(request, context) { _ in .json(SessionShape(answer)) }
    }

    /// `DELETE /v1/session`: log out; the token stops working at once.
    @Sendable func logOut(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        guard let token = context.token else { throw CampusError.unauthenticated }
        try await service.logOut(token: token)
        var response = Response(status: .noContent, headers: [.cacheControl: "no-store"])
        response.setCookie(SessionAuthenticator.cookie("", maxAge: 0))
        return response
    }
}
