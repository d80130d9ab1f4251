import Crypto
import Foundation

/// The link in every alert e-mail that turns e-mail alerts off without logging in (RFC 8058
/// one-click): `/alerts/unsubscribe?u=brennam&t=…`, `t` being HMAC-SHA256 of the username (and,
/// for someone who took the username from another, when they arrived:
/// ``DirectoryStanding/arrivedAt``) under the key the user-state store keeps. A link works for
/// its own person only, for as long as they hold the username: never for the next to hold it.
public enum UnsubscribeLink {
    /// The path the link and the one-click `POST` go to.
    public static let path = "/alerts/unsubscribe"

    /// The signature of the link of `username`, held since `arrivedAt`: 32 hex digits.
    static func signature(of username: String, arrivedAt: Date?, key: [UInt8]) -> String {
        let holder = arrivedAt.map { " since \(Int64($0.timeIntervalSince1970 * 1000))" } ?? ""
        let mac = HMAC<SHA256>.authenticationCode(
            for: Data("campus-lookup unsubscribe \(username.lowercased())\(holder)".utf8), using: SymmetricKey(data: key))
        return mac.prefix(16).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// The link under `publicURL` of `username`, held since `arrivedAt`.
    static func url(for username: String, arrivedAt: Date?, key: [UInt8], publicURL: String) -> String {
        let name = username.lowercased().addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return "\(publicURL)\(path)?u=\(name)&t=\(signature(of: username, arrivedAt: arrivedAt, key: key))"
    }

    /// Whether `signature` is the link's of `username`, held since `arrivedAt`, compared in constant time.
    static func verifies(_ signature: String, for username: String, arrivedAt: Date?, key: [UInt8]) -> Bool {
        FormToken.matches(signature.lowercased(), Self.signature(of: username, arrivedAt: arrivedAt, key: key))
    }
}
