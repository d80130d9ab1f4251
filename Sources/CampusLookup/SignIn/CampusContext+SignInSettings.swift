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
        let saml = try await samlSettings(settings, publicURL: publicURL)
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
        guard password || saml != nil || openID != nil || cas != nil else {
            throw ServerSettingsReader.invalid(
                .loginPassword, "with the password off, nobody could sign in: configure a sign-in service (login.saml, login.oidc or login.cas)")
        }
        if mfa != .off, openID == nil, saml == nil {
            throw ServerSettingsReader.invalid(
                .loginMFA, "a second factor is asked for at the campus's sign-in service, which only SAML (login.saml) and OpenID Connect "
                    + "(login.oidc) can ask for here")
        }
        return SignInSettings(password: password, mfa: mfa, saml: saml, openID: openID, cas: cas)
    }

    /// The `login.saml` settings, checked: the IdP's metadata from a file, or from an https://
    /// address with its signing certificate pinned or the metadata's signer named; this server's
    /// key only its owner reads, with its certificate.
    private func samlSettings(_ settings: ServerSettingsReader, publicURL: String?) async throws(CampusError) -> SAMLSettings? {
        guard let source = try await settings.text(.samlIdPMetadata) else { return nil }
        let metadata: SAMLSettings.MetadataSource
        if source.contains("://") {
            guard let url = URL(string: source), Self.isSafe(url) else {
                throw ServerSettingsReader.invalid(.samlIdPMetadata, "'\(source)' is not an https:// address (http:// only on this machine)")
            }
            metadata = .url(url)
        } else {
            metadata = .file(paths.expandingTilde(source))
        }
        let pinned = try await certificates(settings, .samlIdPCertificate)
        let signer = try await certificates(settings, .samlMetadataSigner)
        if case .url = metadata, pinned == nil, signer == nil {
            throw ServerSettingsReader.invalid(
                .samlIdPMetadata, "metadata read from an address must be vouched for: pin the IdP's signing certificate "
                    + "(login.saml.idp-certificate) or name the metadata's signer (login.saml.idp-metadata-signer)")
        }
        guard let base = publicURL, let acs = URL(string: base + SignInService.saml.callbackPath), acs.host != nil else {
            throw ServerSettingsReader.invalid(.publicURL, "SAML needs the address people reach this server at, for the IdP to post its answers to")
        }
        let keyFile = try await settings.text(.samlKeyFile).map(paths.expandingTilde)
        let certificateFile = try await settings.text(.samlCertificateFile).map(paths.expandingTilde)
        guard (keyFile == nil) == (certificateFile == nil) else {
            throw ServerSettingsReader.invalid(.samlKeyFile, "this server's key and its certificate go together: set both or neither")
        }
        let key = try keyFile.map { path throws(CampusError) in
            guard let key = SAMLPrivateKey(pem: try ownerOnlyText(path, holding: "this server's SAML key")) else {
                throw ServerSettingsReader.invalid(.samlKeyFile, "\(path) holds no private key in PEM (BEGIN PRIVATE KEY or BEGIN RSA PRIVATE KEY)")
            }
            return key
        }
        let certificate = try await certificates(settings, .samlCertificateFile)?.first
        let skew = try await settings.required(settings.number(.samlClockSkew), .samlClockSkew)
        guard (0...600).contains(skew) else { throw ServerSettingsReader.invalid(.samlClockSkew, "\(skew) is not between 0 and 600 seconds") }
        return SAMLSettings(
            metadata: metadata, pinnedCertificates: pinned, metadataSigner: signer,
            entityID: try await settings.text(.samlEntityID) ?? base + "/saml/metadata", assertionConsumer: acs,
            singleLogout: URL(string: base + "/saml/slo"),
            usernameAttribute: try await settings.required(settings.text(.samlUsernameAttribute), .samlUsernameAttribute),
            privateKey: key, certificate: certificate, skew: skew)
    }

    /// The certificates of the PEM file `setting` names, when it names one.
    private func certificates(_ settings: ServerSettingsReader, _ setting: ServerSetting) async throws(CampusError) -> [SAMLCertificate]? {
        guard let path = try await settings.text(setting).map(paths.expandingTilde) else { return nil }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ServerSettingsReader.invalid(setting, "\(path) cannot be read (\(error.localizedDescription))")
        }
        let certificates = SAMLCertificate.pem(text)
        guard !certificates.isEmpty else { throw ServerSettingsReader.invalid(setting, "\(path) holds no PEM certificate") }
        return certificates
    }

    /// Whether the sign-in service at `url` is reached over TLS, or on this machine: plain HTTP
    /// elsewhere would let anyone on the way rewrite its keys or answers.
    private static func isSafe(_ url: URL) -> Bool {
        guard let host = url.host else { return false }
        return url.scheme == "https" || (url.scheme == "http" && ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host))
    }

    /// What a file only its owner may read holds, refused when others may read it.
    private func ownerOnlyText(_ path: String, holding what: String) throws(CampusError) -> String {
        if let mode = OwnerOnlyFile.groupOrOtherAccess(path) { throw .exposedFile(path: path, mode: mode, holds: what) }
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .unreadableFile(path: path, detail: "it holds \(what) and cannot be read (\(error.localizedDescription))")
        }
    }

    /// The secret a file holds (its first line, trimmed), refused when others may read the file.
    private func secret(in path: String, holding what: String) throws(CampusError) -> String {
        let text = try ownerOnlyText(path, holding: what)
        let secret = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !secret.isEmpty else { throw .unreadableFile(path: path, detail: "it should hold \(what), and is empty") }
        return secret
    }
}
