import Foundation
internal import SignIn

/// How people sign in to the server (`server.login`): the directory password, the campus's
/// sign-in service, or both, and whom a second factor is demanded of.
public struct SignInSettings: Sendable {
    /// Whether the directory password is offered (`login.password`).
    public var password: Bool
    /// Whose sign-ins at the campus's sign-in service must use a second factor (`login.mfa`).
    public var mfa: MFADemand
    /// SAML 2.0, when configured (`login.saml`).
    var saml: SAMLSettings?
    /// OpenID Connect, when configured (`login.oidc`).
    var openID: OpenIDSettings?
    /// CAS, when configured (`login.cas`).
    var cas: CASSettings?

    /// The password only: what a server without `login.oidc` offers.
    public static let passwordOnly = SignInSettings(password: true, mfa: .off, saml: nil, openID: nil, cas: nil)

    /// The ways in besides the password, in the order the log-in page offers them.
    public var services: [SignInService] {
        (saml == nil ? [] : [.saml]) + (openID == nil ? [] : [.openID]) + (cas == nil ? [] : [.cas])
    }

    /// What the log-in page's button for `service` says: "Sign in with Campus SSO", and which
    /// protocol when the campus offers several.
    public func label(of service: SignInService) -> String {
        guard services.count > 1 else { return "Sign in with Campus SSO" }
        return "Sign in with Campus SSO (\(service.protocolName))"
    }
}

/// Where the campus's CAS server is, and which of its attributes holds the username.
struct CASSettings: Sendable {
    var server: URL
    /// `nil`: the CAS user itself.
    var usernameAttribute: String?
}

/// Whose sign-ins at the campus's sign-in service must use a second factor.
public enum MFADemand: String, Sendable, CaseIterable {
    case off
    case everyone
    /// Those who see rosters: anyone with a role of the configuration (the registrar's),
    /// instructors and advisors.
    case roles
}

/// A way in through the campus's sign-in service.
public enum SignInService: String, Sendable, CaseIterable {
    case saml
    case openID = "oidc"
    case cas

    /// Where a sign-in by it starts: `/login/oidc`.
    public var startPath: String { "/login/" + rawValue }

    /// Where the sign-in service sends the browser back: `/oidc/callback`, `/cas/callback`; SAML
    /// posts its response to `/saml/acs`.
    public var callbackPath: String { self == .saml ? "/saml/acs" : "/" + rawValue + "/callback" }

    /// The protocol's name, as a campus's IT office says it.
    public var protocolName: String {
        switch self {
        case .saml: "SAML"
        case .openID: "OpenID Connect"
        case .cas: "CAS"
        }
    }
}
