import Foundation

/// What the emulator asks of a client before it serves a page.
///
/// Secrets given here are never logged or echoed in responses.
public enum EmulatorAuthentication: Sendable {
    /// Every request is served.
    case none
    /// HTTP Basic authentication, as older reg-sched.pl deployments used.
    case basic(username: String, password: String)
    /// A session cookie, as the single sign-on in front of the current deployment leaves.
    case sessionCookie(name: String, value: String)

    /// The realm named in `WWW-Authenticate`.
    static let realm = "Schedule Lookup"

    /// Whether a request with these `Authorization` and `Cookie` header values may be served.
    func admits(authorization: String?, cookie: String?) -> Bool {
        switch self {
        case .none:
            return true
        case .basic(let username, let password):
            guard let authorization, authorization.lowercased().hasPrefix("basic "),
                  let data = Data(base64Encoded: String(authorization.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
                  let pair = String(data: data, encoding: .utf8)
            else { return false }
            return pair == "\(username):\(password)"
        case .sessionCookie(let name, let value):
            guard let cookie else { return false }
            return cookie.split(separator: ";").contains { part in
                let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return pieces.count == 2 && pieces[0] == name && pieces[1] == value
            }
        }
    }

    /// The `WWW-Authenticate` challenge a refused request gets; `nil` when the mode has none.
    var challenge: String? {
        switch self {
        case .basic: "Basic realm=\"\(Self.realm)\""
        case .none, .sessionCookie: nil
        }
    }
}
