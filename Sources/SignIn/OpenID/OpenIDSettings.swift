import Foundation

/// How the server is registered with the campus's OpenID provider.
public struct OpenIDSettings: Sendable, Hashable {
    /// The issuer, exactly as its ID tokens name it (`https://login.example.edu`).
    public var issuer: String
    public var clientID: String
    /// The client secret, read from its file (never from an argument).
    public var clientSecret: String
    /// The claim whose value is the username (`preferred_username`).
    public var usernameClaim: String
    /// Where the provider sends the browser back: this site's `/oidc/callback`.
    public var redirectURI: URL
    /// How far the provider's clock may be from ours.
    public var skew: TimeInterval
    /// The `acr` that says a second factor was used.
    public var mfaContext: String

    public init(
        issuer: String, clientID: String, clientSecret: String, usernameClaim: String = "preferred_username",
        redirectURI: URL, skew: TimeInterval = 120, mfaContext: String = OpenIDSettings.refedsMFA
    ) {
        self.issuer = issuer
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.usernameClaim = usernameClaim
        self.redirectURI = redirectURI
        self.skew = skew
        self.mfaContext = mfaContext
    }

    /// The REFEDS MFA profile: the authentication context of a sign-in with a second factor.
    public static let refedsMFA = "https://refeds.org/profile/mfa"
}
