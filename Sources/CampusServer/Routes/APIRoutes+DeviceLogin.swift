import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

/// The device authorization grant (RFC 8628) by which `campus login` gets a session of its
/// person: the command starts it and asks for its outcome here; the person approves it on the
/// web (`/device`). Both requests are forms, as the RFC has them.
extension APIRoutes {
    /// `client=lab-pc-12`: what the command runs on, shown to its person (`client_id` is taken and ignored).
    struct DeviceAuthorizeForm: Decodable {
        var client: String?
        var client_id: String?
    }

    /// `grant_type=urn:ietf:params:oauth:grant-type:device_code&device_code=…`.
    struct DeviceTokenForm: Decodable {
        var grant_type: String?
        var device_code: String?
    }

    static let deviceCodeGrant = "urn:ietf:params:oauth:grant-type:device_code"

    /// `POST /v1/device/authorize`: the codes of a new device log-in.
    @Sendable func authorizeDevice(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let form = try await form(DeviceAuthorizeForm.self, request, context)
        let authorization = try await service.startDeviceLogin(client: form.client, now: service.now())
        return try await answerer.uncached(request, context) { _ in .json(DeviceAuthorizationShape(authorization, site: site.base(of: request))) }
    }

    /// `POST /v1/device/token`: the session, once its person approved; else 400 with RFC 8628's `error`.
    @Sendable func deviceToken(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let form = try await form(DeviceTokenForm.self, request, context)
        guard form.grant_type == Self.deviceCodeGrant else {
            throw HTTPProblem.badBody("grant_type must be \(Self.deviceCodeGrant)")
        }
        let now = service.now()
        let poll = try await service.pollDeviceLogin(deviceCode: form.device_code ?? "", now: now)
        let status: HTTPResponse.Status = if case .approved = poll { .ok } else { .badRequest }
        return try await answerer.uncached(request, context, status: status) { _ in .json(DeviceTokenShape(poll, now: now)) }
    }

    /// A form body (`application/x-www-form-urlencoded`) of at most 4 KiB; refuses another type (415).
    private func form<Fields: Decodable>(_ type: Fields.Type, _ request: Request, _ context: CampusRequestContext) async throws -> Fields {
        let contentType = request.headers[.contentType]
        guard let contentType, contentType.lowercased().hasPrefix("application/x-www-form-urlencoded") else {
            throw HTTPProblem.unsupportedMediaType(contentType)
        }
        var request = request
        let buffer = try await request.collectBody(upTo: 4 * 1024)
        do {
            return try URLEncodedFormDecoder().decode(Fields.self, from: String(decoding: buffer.readableBytesView, as: UTF8.self))
        } catch {
            throw HTTPProblem.badBody("the form could not be read: send fields as application/x-www-form-urlencoded")
        }
    }
}
