import Foundation

/// What an OpenID provider's discovery document (`/.well-known/openid-configuration`,
/// OpenID Connect Discovery 1.0) says that a relying party needs.
public struct OpenIDProviderMetadata: Decodable, Sendable, Hashable {
    public var issuer: String
    public var authorizationEndpoint: URL
    public var tokenEndpoint: URL
    public var jwksURI: URL
    public var codeChallengeMethodsSupported: [String]?
    /// Where the browser logs out at the provider (RP-Initiated Logout 1.0), when it offers it.
    public var endSessionEndpoint: URL?

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case jwksURI = "jwks_uri"
        case codeChallengeMethodsSupported = "code_challenge_methods_supported"
        case endSessionEndpoint = "end_session_endpoint"
    }

    /// Reads the document fetched for `issuer`, whose `issuer` must be exactly it (Discovery §4.3).
    static func read(_ data: Data, for issuer: String) throws(SignInRefusal) -> OpenIDProviderMetadata {
        let metadata: OpenIDProviderMetadata
        do {
            metadata = try JSONDecoder().decode(OpenIDProviderMetadata.self, from: data)
        } catch {
            throw SignInRefusal(.unreadable, "the discovery document of \(issuer) is not one: \(error)")
        }
        guard metadata.issuer == issuer else {
            throw SignInRefusal(.notTrusted, "the discovery document of \(issuer) names another issuer, \(metadata.issuer)")
        }
        if let methods = metadata.codeChallengeMethodsSupported, !methods.contains("S256") {
            throw SignInRefusal(.unreadable, "\(issuer) does not offer PKCE with S256")
        }
        return metadata
    }
}
