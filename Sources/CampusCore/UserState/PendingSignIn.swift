#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A sign-in sent to the campus's sign-in service and not yet back: what its return is
/// checked against. Kept in the user state, so that any replica may finish it, and taken
/// once, so that no return is used twice.
public struct PendingSignIn: Hashable, Sendable {
    /// The SHA-256 (hex) of the one-time value the return carries (OIDC `state`): how it is found.
    public var key: String
    /// How the person signs in: `oidc`, `saml`, `cas`.
    public var method: String
    /// The OIDC `nonce` the ID token must carry.
    public var nonce: String
    /// The PKCE code verifier (OIDC), sent with the code.
    public var verifier: String
    /// The path of this site to go to once signed in.
    public var next: String
    /// "Keep me signed in on this device".
    public var keep: Bool
    /// Whether a second factor was asked for.
    public var demandsMFA: Bool
    public var startedAt: Date

    public init(key: String, method: String, nonce: String, verifier: String, next: String, keep: Bool, demandsMFA: Bool, startedAt: Date) {
        self.key = key
        self.method = method
        self.nonce = nonce
        self.verifier = verifier
        self.next = next
        self.keep = keep
        self.demandsMFA = demandsMFA
        self.startedAt = startedAt
    }
}
