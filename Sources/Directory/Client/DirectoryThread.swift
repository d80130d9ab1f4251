import Foundation

/// Where the directory's blocking work runs: libldap's calls (connect, bind, a
/// search waiting for its pages) and LDIF reading block their thread, so each
/// piece of work gets a thread of its own and the caller awaits it without
/// holding one of Swift's cooperative threads.
///
/// ```swift
/// let dn = try await DirectoryThread.run { try authenticator.authenticate(username: user, password: secret) }
/// ```
public enum DirectoryThread {
    /// The stack of each thread: libldap and OpenSSL use more than the default for TLS.
    static let stackSize = 4 << 20

    /// Runs `work` on a new thread and returns what it returns, or throws what it throws.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try work() })
            }
            thread.stackSize = stackSize
            thread.start()
        }
    }
}

extension DirectoryAuthenticator {
    /// ``authenticate(username:password:)`` on a thread of its own.
    public func authenticate(username: String, password: DirectorySecret) async throws -> String {
        try await DirectoryThread.run { try authenticate(username: username, password: password) }
    }

    /// ``authenticate(_:password:)`` on a thread of its own.
    public func authenticate(_ name: LoginName, password: DirectorySecret) async throws -> (dn: String, username: String) {
        try await DirectoryThread.run { try authenticate(name, password: password) }
    }

    /// ``checkService()`` on a thread of its own.
    public func checkService() async throws {
        try await DirectoryThread.run { try checkService() }
    }
}
