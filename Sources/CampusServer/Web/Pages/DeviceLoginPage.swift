import CampusCore
import CampusLookup
import Foundation
import Hummingbird

/// `/device`: where a person approves a `campus login` (RFC 8628's verification page): the code
/// their terminal shows is typed (or comes in the link), the command named, and the log-in
/// approved or denied. Logged in first, as every page.
extension WebApp {
    struct DeviceLoginView: Encodable, Sendable {
        var frame: PageFrame
        /// The code as typed, to show again in the form.
        var code: String
        /// The log-in asked about, once a code names one.
        var client: String?
        var problem: String?
        /// `approved` or `denied`, once answered.
        var approved: Bool
        var denied: Bool
    }

    /// `GET /device?code=BCDF-GHJK`: the form for the code, or the question of the log-in it names.
    @Sendable func deviceLoginPage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        let code = try QueryParameters(request: request).text("code", maximumLength: 32) ?? ""
        var view = DeviceLoginView(frame: frame("Log in a terminal", context), code: code, approved: false, denied: false)
        if !code.isEmpty {
            do {
                let asked = try await service.deviceLogin(
                    userCode: code, as: context.caller, address: clientAddress.of(request, peer: context.remoteAddress), now: service.now())
                (view.client, view.code) = (asked.client, asked.userCode)
            } catch {
                guard case .invalidParameter(_, let detail) = error else { throw error }
                view.problem = Self.noLogIn(code, detail)
            }
        }
        return try page(request, context, "device", view)
    }

    /// `POST /device`: the person's answer, `approve` or `deny`.
    @Sendable func answerDeviceLogin(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        struct AnswerForm: Decodable {
            var csrf: String?
            var code: String?
            var answer: String?
        }
        _ = try member(context)
        let form = try await form(AnswerForm.self, request, context)
        try checkForm(form.csrf, context)
        let code = form.code ?? ""
        let approve = form.answer == "approve"
        var view = DeviceLoginView(frame: frame("Log in a terminal", context), code: code, approved: approve, denied: !approve)
        do {
            try await service.answerDeviceLogin(
                userCode: code, approve: approve, as: context.caller, address: clientAddress.of(request, peer: context.remoteAddress), now: service.now())
        } catch {
            guard case .invalidParameter(_, let detail) = error else { throw error }
            (view.problem, view.approved, view.denied) = (Self.noLogIn(code, detail), false, false)
        }
        return try page(request, context, "device", view)
    }

    /// Said of a code no waiting log-in has.
    private static func noLogIn(_ code: String, _ detail: String) -> String {
        "No log-in is waiting with the code \(code): \(detail)."
    }
}
