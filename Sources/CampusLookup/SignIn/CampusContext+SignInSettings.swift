import CampusCore
import Foundation
internal import SignIn

extension CampusContext {
    /// The `login` settings, checked: a sign-in service configured whole (its client id, a
    /// secret file only its owner reads, and `public-url` to come back to), and some way in left.
    func signInSettings(_ settings: ServerSettingsReader, publicURL: String?) async throws(CampusError) -> SignInSettings {
        let password = try await settings.flag(.loginPassword)
        let demand = try await settings.required(settings.text(.loginMFA), .loginMFA)
        guard let mfa = MFADemand(rawValue: demand.lowercased()) else {
            throw ServerSettingsReader.invalid(.loginMFA, "'\(demand)' is not off, everyone or roles")
        }
        var openID: OpenIDSettings?
        if let issuer = try await settings.text(.oidcIssuer) {
            guard let url = URL(string: issuer), Self.isSafe(url) else {
                throw ServerSettingsReader.invalid(.oidcIssuer, "'\(issuer)' is not an https:// address (http:// only on this machine)")
            }
            guard let clientID = try await settings.text(.oidcClientID) else {
                throw ServerSettingsReader.invalid(.oidcClientID, "OpenID Connect needs the client id the issuer gave this server")
            }
            guard let secretFile = try await settings.text(.oidcClientSecretFile).map(paths.expandingTilde) else {
                throw ServerSettingsReader.invalid(.oidcClientSecretFile, "OpenID Connect needs the file holding the client secret")
            }
            guard let callback = publicURL.flatMap({ URL(string: $0 + SignInService.openID.callbackPath) }), callback.host != nil else {
                throw ServerSettingsReader.invalid(
                    .publicURL, "OpenID Connect needs the address people reach this server at, for the issuer to send them back to")
            }
            openID = OpenIDSettings(
                issuer: issuer, clientID: clientID, clientSecret: try secret(in: secretFile, holding: "the OpenID Connect client secret"),
                usernameClaim: try await settings.required(settings.text(.oidcUsernameClaim), .oidcUsernameClaim),
                redirectURI: callback)
        }
        var cas: CASSettings?
        if let server = try await settings.text(.casURL) {
            guard let url = URL(string: server.hasSuffix("/") ? String(server.dropLast()) : server), Self.isSafe(url) else {
                throw ServerSettingsReader.invalid(
                    .casURL, "'\(server)' is not an https:// address such as https://cas.example.edu/cas (http:// only on this machine)")
            }
            guard publicURL.flatMap({ URL(string: $0) })?.host != nil else {
                throw ServerSettingsReader.invalid(.publicURL, "CAS needs the address people reach this server at, for the CAS server to send them back to")
            }
            cas = CASSettings(server: url, usernameAttribute: try await settings.text(.casUsernameAttribute))
        }
        guard password || openID != nil || cas != nil else {
            throw ServerSettingsReader.invalid(
                .loginPassword, "with the password off, nobody could sign in: configure a sign-in service (login.oidc or login.cas)")
        }
        if mfa != .off, openID == nil {
            throw ServerSettingsReader.invalid(
                .loginMFA, "a second factor is asked for at the campus's sign-in service, which only OpenID Connect (login.oidc) can ask for here")
        }
        return SignInSettings(password: password, mfa: mfa, openID: openID, cas: cas)
    }

    /// Whether the sign-in service at `url` is reached over TLS, or on this machine: plain HTTP
    /// elsewhere would let anyone on the way rewrite its keys or answers.
    private static func isSafe(_ url: URL) -> Bool {
        guard let host = url.host else { return false }
        return url.scheme == "https" || (url.scheme == "http" && ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host))
    }

    /// The secret a file holds (its first line, trimmed), refused when others may read the file.
    private func secret(in path: String, holding what: String) throws(CampusError) -> String {
        if let mode = OwnerOnlyFile.groupOrOtherAccess(path) { throw .exposedFile(path: path, mode: mode, holds: what) }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .unreadableFile(path: path, detail: "it holds \(what) and cannot be read (\(error.localizedDescription))")
        }
        let secret = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !secret.isEmpty else { throw .unreadableFile(path: path, detail: "it should hold \(what), and is empty") }
        return secret
    }
}
