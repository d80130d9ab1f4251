import Foundation

/// How to sign in to the registrar: HTTP Basic, or the session cookie a
/// single sign-on left behind. Holds where the secret is, never the secret.
public enum RegistrarCredential: Hashable, Sendable, CustomStringConvertible {
    /// HTTP Basic authentication: a username and a password read from `password`.
    case basic(username: String, password: CredentialSource)
    /// A session cookie (`name=value`, as the browser sends it) read from `cookie`.
    case sessionCookie(CredentialSource)

    /// Which credential, and where its secret lives: `user alice, password from file /x`.
    public var description: String {
        switch self {
        case .basic(let username, let password): "user \(username), password from \(password)"
        case .sessionCookie(let cookie): "session cookie from \(cookie)"
        }
    }

    /// What a person does when the registrar refuses this credential.
    public var remedy: String {
        switch self {
        case .basic(let username, let password):
            "check that \(username) is the right user name and put the current password in \(password)"
        case .sessionCookie(let cookie):
            "sign in to the registrar in a browser and store the fresh session cookie (name=value) in \(cookie)"
        }
    }

    /// The request header carrying this credential, with its secret read now.
    ///
    /// - Throws: ``FetchError/credentialsUnavailable(source:reason:)`` when the secret cannot be read.
    func header(environment: [String: String]) throws(FetchError) -> (name: String, value: String) {
        switch self {
        case .basic(let username, let password):
            let secret = try password.read(environment: environment)
            let token = Data("\(username):\(secret)".utf8).base64EncodedString()
            return ("Authorization", "Basic \(token)")
        case .sessionCookie(let cookie):
            let secret = try cookie.read(environment: environment)
            guard secret.contains("=") else {
                throw .credentialsUnavailable(
                    source: cookie.description, reason: "it should hold the cookie as name=value")
            }
            return ("Cookie", secret)
        }
    }
}
