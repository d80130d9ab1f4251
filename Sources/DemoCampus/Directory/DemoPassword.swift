import Crypto
import Foundation

/// The demo directory's passwords: every person's is `demo-<username>`, kept in the LDIF as
/// a salted SHA-1 (`{SSHA}`, which slapd checks binds against) with a salt made from the
/// username, so the generated file is the same every time.
enum DemoPassword {
    /// `demo-quinna` for `quinna`.
    static func of(_ username: String) -> String { "demo-\(username)" }

    /// `{SSHA}` + base64(SHA-1(password + salt) + salt).
    static func hashed(_ username: String) -> String {
        let salt = Array(Insecure.SHA1.hash(data: Data("campus-lookup demo salt \(username)".utf8)).prefix(8))
        let digest = Insecure.SHA1.hash(data: Data(of(username).utf8) + salt)
        return "{SSHA}" + Data(Array(digest) + salt).base64EncodedString()
    }
}
