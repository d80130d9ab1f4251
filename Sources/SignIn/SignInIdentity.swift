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

    public init(username: String, method: SignInMethod, usedMFA: Bool) {
        self.username = username
        self.method = method
        self.usedMFA = usedMFA
    }
}

/// The ways into the campus's server besides the directory password.
public enum SignInMethod: String, Sendable, Hashable, CaseIterable {
    case saml
    case oidc
    case cas
}
