import Foundation
internal import SignIn

/// How people sign in to the server (`server.login`): the directory password, the campus's
/// sign-in service, or both, and whom a second factor is demanded of.
public struct SignInSettings: Sendable {
    /// Whether the directory password is offered (`login.password`).
    public var password: Bool
    /// Whose sign-ins at the campus's sign-in service must use a second factor (`login.mfa`).
    public var mfa: MFADemand
    /// OpenID Connect, when configured (`login.oidc`).
    var openID: OpenIDSettings?
    /// CAS, when configured (`login.cas`).
    var cas: CASSettings?

    /// The password only: what a server without `login.oidc` offers.
    public static let passwordOnly = SignInSettings(password: true, mfa: .off, openID: nil, cas: nil)

    /// The ways in besides the password, in the order the log-in page offers them.
    public var services: [SignInService] {
        (openID == nil ? [] : [.openID]) + (cas == nil ? [] : [.cas])
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
    case openID = "oidc"
    case cas

    /// Where a sign-in by it starts: `/login/oidc`.
    public var startPath: String { "/login/" + rawValue }

    /// Where the sign-in service sends the browser back: `/oidc/callback`.
    public var callbackPath: String { "/" + rawValue + "/callback" }

    /// What the log-in page's button says.
    public var label: String {
        switch self {
        case .openID: "Sign in with Campus SSO"
        case .cas: "Sign in with Campus SSO (CAS)"
        }
    }
}
