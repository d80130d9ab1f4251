import Crypto
import Foundation

/// The link in every alert e-mail that turns e-mail alerts off without logging in (RFC 8058
/// one-click): `/alerts/unsubscribe?u=brennam&t=…`, `t` being HMAC-SHA256 of the username under
/// the key the user-state store keeps. A link works for its own person only, and for ever.
public enum UnsubscribeLink {
    /// The path the link and the one-click `POST` go to.
    public static let path = "/alerts/unsubscribe"

    /// The signature of `username`'s link: 32 hex digits.
    static func signature(of username: String, key: [UInt8]) -> String {
        let mac = HMAC<SHA256>.authenticationCode(
            for: Data("campus-lookup unsubscribe \(username.lowercased())".utf8), using: SymmetricKey(data: key))
        return mac.prefix(16).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// `username`'s link under `publicURL`.
    static func url(for username: String, key: [UInt8], publicURL: String) -> String {
        let name = username.lowercased().addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return "\(publicURL)\(path)?u=\(name)&t=\(signature(of: username, key: key))"
    }

    /// Whether `signature` is `username`'s, compared in constant time.
    static func verifies(_ signature: String, for username: String, key: [UInt8]) -> Bool {
        FormToken.matches(signature.lowercased(), Self.signature(of: username, key: key))
    }
}
