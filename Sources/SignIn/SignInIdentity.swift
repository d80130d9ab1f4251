import Foundation

/// Who the campus's sign-in service says signed in, and how: what a checked proof from the
/// IdP (a SAML assertion, an ID token, a CAS ticket) comes to, before the door makes a
/// session of it.
public struct SignInIdentity: Sendable, Hashable {
    /// The username, as the configured attribute or claim gives it (lower-cased).
    public var username: String
    /// How the person came in.
    public var method: SignInMethod
    /// Whether the IdP says a second factor was used (the REFEDS MFA profile, `acr`, `amr`).
    public var usedMFA: Bool
    /// The IdP's session the sign-in belongs to, for single logout (none for CAS).
    public var idpSession: IdPSession?

    public init(username: String, method: SignInMethod, usedMFA: Bool, idpSession: IdPSession? = nil) {
        self.username = username
        self.method = method
        self.usedMFA = usedMFA
        self.idpSession = idpSession
    }
}

/// A person's session at the campus's IdP, as its proof names it: what single logout finds.
public struct IdPSession: Sendable, Hashable {
    /// The IdP's entity ID, the OpenID provider's issuer.
    public var issuer: String
    /// The SAML `NameID`, the OIDC `sub`.
    public var subject: String
    /// The SAML `SessionIndex`, the OIDC `sid`; empty when none was named.
    public var session: String
    /// The `NameID`'s format (SAML), the ID token (OIDC, the hint of a logout at the provider).
    public var hint: String

    public init(issuer: String, subject: String, session: String, hint: String) {
        self.issuer = issuer
        self.subject = subject
        self.session = session
        self.hint = hint
    }
}

/// The ways into the campus's server besides the directory password.
public enum SignInMethod: String, Sendable, Hashable, CaseIterable {
    case saml
    case oidc
    case cas
}
