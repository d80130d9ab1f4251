import Crypto
import Foundation

/// The secrets of sessions and shares: 256 bits from the system's cryptographically
/// secure generator, handed out once as URL-safe base64 and kept only as SHA-256.
enum SessionToken {
    /// A new token: 43 characters of URL-safe base64 (32 random bytes).
    static func make() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// What is kept of a token: its SHA-256, lower-case hex.
    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `text` could be a token (43 URL-safe base64 characters): anything else is
    /// refused without a look in the store.
    static func isWellFormed(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 43 && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }
}
