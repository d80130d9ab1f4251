#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which session at the campus's sign-in service a session here came from: what single logout
/// finds it by, whichever side logs out first. Kept in the user state beside the session.
public struct SignInLink: Hashable, Sendable {
    /// The session's token hash.
    public var tokenHash: String
    /// How the person came in: `saml` or `oidc`.
    public var method: String
    /// The IdP's entity ID, or the OpenID provider's issuer.
    public var issuer: String
    /// Who the IdP says signed in: the SAML `NameID`, the OIDC `sub`.
    public var subject: String
    /// The IdP's session: SAML `SessionIndex`, OIDC `sid`; empty when it named none.
    public var session: String
    /// What logging out at the IdP needs besides: the `NameID`'s format (SAML), the ID token
    /// to hint with (OIDC).
    public var hint: String

    public init(tokenHash: String, method: String, issuer: String, subject: String, session: String, hint: String) {
        self.tokenHash = tokenHash
        self.method = method
        self.issuer = issuer
        self.subject = subject
        self.session = session
        self.hint = hint
    }
}
