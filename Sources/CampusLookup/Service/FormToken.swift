import Crypto
import Foundation

/// Tokens the web app's forms carry against cross-site request forgery: a session's own
/// (derived from its token, which only the `HttpOnly` cookie holds, so no other site can
/// make one), or for the log-in form, before any session, a fresh one kept in a cookie too.
public enum FormToken {
    /// The token of every form of the session whose token is `session`: HMAC-SHA256 of a fixed
    /// label keyed by it, 32 hex digits. It changes with the session and survives restarts.
    public static func of(session: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("campus-lookup form".utf8), using: SymmetricKey(data: Data(session.utf8)))
        return mac.prefix(16).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// A fresh random token (the log-in form's, kept in a cookie beside it).
    public static func fresh() -> String {
        SessionToken.make()
    }

    /// Whether `text` has the form of a token ``fresh()`` makes (43 characters of URL-safe base64).
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 43 && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
        }
    }

    /// Whether `given` is `expected`, compared in time that does not depend on where they differ.
    public static func matches(_ given: String, _ expected: String) -> Bool {
        let left = Array(given.utf8), right = Array(expected.utf8)
        guard left.count == right.count, !left.isEmpty else { return false }
        return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
