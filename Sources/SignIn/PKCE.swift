import Crypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636) and the other one-time values a sign-in carries:
/// random, URL-safe, never reused.
public enum SignInNonce {
    /// 32 random bytes, base64url without padding: a `state`, a `nonce`, a code verifier.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return base64URL(Data(bytes))
    }

    /// The S256 code challenge of `verifier`: base64url of its SHA-256.
    public static func challenge(of verifier: String) -> String {
        base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    /// Base64url without padding (RFC 4648 §5).
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
