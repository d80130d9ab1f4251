import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

/// The device authorization grant (RFC 8628) by which `campus login` gets a session of its
/// person: the command starts it and asks for its outcome here; the person approves it on the
/// web (`/device`). Both requests are forms, as the RFC has them.
extension APIRoutes {
    static let deviceCodeGrant = "urn:ietf:params:oauth:grant-type:device_code"

    /// `POST /v1/device/authorize`: the codes of a new device log-in.
    @Sendable func authorizeDevice(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        // `client=lab-pc-12`: what the command runs on, shown to its person (`client_id` is taken and ignored).
        let form = try await form(request, context)
        let address = clientAddress.of(request, peer: context.remoteAddress)
        let authorization = try await service.startDeviceLogin(client: form["client"], address: address, now: service.now())
        return try await answerer.uncached(request, context) { _ in .json(DeviceAuthorizationShape(authorization, site: site.base(of: request))) }
    }

    /// `POST /v1/device/token`: the session, once its person approved; else 400 with RFC 8628's `error`.
    @Sendable func deviceToken(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        // `grant_type=urn:ietf:params:oauth:grant-type:device_code&device_code=…`.
        let form = try await form(request, context)
        guard form["grant_type"] == Self.deviceCodeGrant else {
            throw HTTPProblem.badBody("grant_type must be \(Self.deviceCodeGrant)")
        }
        let now = service.now()
        let poll = try await service.pollDeviceLogin(deviceCode: form["device_code"] ?? "", now: now)
        let status: HTTPResponse.Status = if case .approved = poll { .ok } else { .badRequest }
        return try await answerer.uncached(request, context, status: status) { _ in .json(DeviceTokenShape(poll, now: now)) }
    }

    /// The fields of a form body (`application/x-www-form-urlencoded`) of at most 4 KiB, by name:
    /// a field given twice keeps its last value, as OAuth servers read them; fields it does not
    /// know are left alone; no body at all is no fields. Refuses another type (415).
    private func form(_ request: Request, _ context: CampusRequestContext) async throws -> [String: String] {
        var request = request
        let buffer = try await request.collectBody(upTo: 4 * 1024)
        let contentType = request.headers[.contentType]
        if contentType == nil, buffer.readableBytes == 0 { return [:] }
        guard let contentType, contentType.lowercased().hasPrefix("application/x-www-form-urlencoded") else {
            throw HTTPProblem.unsupportedMediaType(contentType, expected: "application/x-www-form-urlencoded")
        }
        // Foundation's query parser (nil for what is not a query), `+` read as a space first, as forms write it.
        let body = String(decoding: buffer.readableBytesView, as: UTF8.self).replacingOccurrences(of: "+", with: "%20")
        guard let items = body.isEmpty ? [] : URLComponents(string: "?" + body)?.queryItems else {
            throw HTTPProblem.badBody("the form could not be read: send fields as application/x-www-form-urlencoded")
        }
        var fields: [String: String] = [:]
        for item in items { fields[item.name] = item.value ?? "" }
        return fields
    }
}
