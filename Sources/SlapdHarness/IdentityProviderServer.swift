import Foundation

/// A throwaway LemonLDAP::NG on loopback (Debian's, its portal under `plackup`), started with
/// `scripts/idp` in a fresh temporary directory: an OpenID provider, CAS server and SAML IdP
/// that signs people in against a ``SlapdServer``. Call ``stop()`` when done; also stopped
/// when the last reference goes.
public final class IdentityProviderServer: Sendable {
    /// `http://localhost:PORT`, the portal.
    public let url: String
    /// The OpenID Connect issuer.
    public let issuer: String
    /// The client id of `campus-lookup`, registered there.
    public let clientID: String
    /// The file (mode 600) holding its client secret.
    public let clientSecretFile: String
    /// The CAS server's base, `URL/cas`.
    public let casURL: String
    /// Its SAML metadata (and entity ID).
    public let samlMetadataURL: String
    /// The IdP's directory.
    public let directory: String

    /// Starts the IdP against `directory`'s slapd, sending OpenID Connect sign-ins back to
    /// `redirectURIs` (and log-outs back to `logoutURIs`), and trusting the SAML service provider `samlServiceProvider` (its metadata
    /// file) when given, with its assertions encrypted when `encryptingAssertions`.
    public static func start(
        directory slapd: SlapdServer, redirectURIs: [String], logoutURIs: [String] = [], samlServiceProvider: String? = nil,
        encryptingAssertions: Bool = false
    ) throws -> IdentityProviderServer {
        var environment = ["IDP_OIDC_REDIRECT_URIS": redirectURIs.joined(separator: " "), "IDP_OIDC_LOGOUT_URIS": logoutURIs.joined(separator: " ")]
        if let samlServiceProvider {
            environment["IDP_SAML_SP_METADATA"] = samlServiceProvider
            environment["IDP_SAML_ENCRYPTION"] = encryptingAssertions ? "assertion" : "none"
        }
        let started = try HarnessScript(path: scriptPath).start(prefix: "idp", files: [slapd.directory + "/env"], environment: environment)
        do {
            return try IdentityProviderServer(directory: started.folder, environment: started.printed)
        } catch {
            HarnessScript(path: scriptPath).stop(started.folder)
            throw error
        }
    }

    private init(directory: String, environment: SlapdEnvironment) throws {
        self.directory = directory
        url = try environment.value("IDP_URL")
        issuer = try environment.value("IDP_OIDC_ISSUER")
        clientID = try environment.value("IDP_OIDC_CLIENT_ID")
        clientSecretFile = try environment.value("IDP_OIDC_CLIENT_SECRET_FILE")
        casURL = try environment.value("IDP_CAS_URL")
        samlMetadataURL = try environment.value("IDP_SAML_METADATA_URL")
    }

    deinit {
        stop()
    }

    /// Stops the portal and removes its directory; harmless twice.
    public func stop() {
        HarnessScript(path: Self.scriptPath).stop(directory)
    }

    /// `<repository>/scripts/idp`.
    public static var scriptPath: String {
        SlapdServer.repositoryRoot + "/scripts/idp"
    }
}
