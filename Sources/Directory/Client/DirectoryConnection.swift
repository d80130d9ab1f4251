internal import CLDAP
import Foundation
import Logging

/// One connection to the directory server, over OpenLDAP's libldap.
///
/// Every call blocks the calling thread until the server answers or a
/// time-out of ``DirectoryServer`` passes: run it off Swift's cooperative
/// pool (a dedicated thread, or a `DispatchQueue`). A connection is used from
/// one thread at a time, so it is not `Sendable`.
///
/// ```swift
/// let connection = DirectoryConnection(server: server)
/// try connection.open()
/// try connection.bind(credential)
/// let outcome = try connection.search(request) { page in stage(page) }
/// connection.close()
/// ```
///
/// For a search that survives a lost connection, use ``DirectorySession``.
public final class DirectoryConnection {
    /// The server this connection talks to.
    public let server: DirectoryServer
    let logger: Logger
    /// The libldap handle; `nil` before ``open()`` and after ``close()``.
    var handle: OpaquePointer?
    /// Whether the open connection is under TLS (`ldaps://`, or StartTLS that succeeded).
    var isEncrypted = false

    /// A connection to `server`, not yet open.
    public init(server: DirectoryServer, logger: Logger = Logger(label: "campus.directory")) {
        self.server = server
        self.logger = logger
    }

    deinit {
        close()
    }

    /// Whether ``open()`` succeeded and ``close()`` has not been called since.
    public var isOpen: Bool { handle != nil }

    /// Connects: sets the options (LDAPv3, no referral chasing, time-outs,
    /// TLS verification), makes the TCP connection and, when asked, StartTLS.
    /// Opening an open connection closes it first.
    ///
    /// The first open sets `SIGPIPE` to be ignored for the process: libldap
    /// writes to its socket with `write`, and a server that went away must be
    /// an error, not the end of the program.
    ///
    /// - Throws: ``DirectoryError/unreachable(url:detail:)``,
    ///   ``DirectoryError/tls(url:detail:)`` or ``DirectoryError/timeout(url:operation:)``.
    public func open() throws {
        _ = Self.brokenPipesIgnored
        close()
        handle = try makeHandle()
        do {
            try establish()
        } catch {
            close()
            throw error
        }
    }

    /// Binds as `credential` (a simple bind; anonymous sends no DN and no password).
    ///
    /// - Throws: ``DirectoryError/bindRefused(bindDN:credentialSource:)`` when the
    ///   server refuses the password; ``DirectoryError/emptyPassword`` for an
    ///   empty password, which LDAP would take as an unauthenticated bind;
    ///   ``DirectoryError/cleartextBind(url:)`` for a password that would cross
    ///   the network without TLS, unless the server allows it.
    public func bind(_ credential: DirectoryCredential) throws {
        let ld = try openHandle(for: "bind")
        let code: Int32
        switch credential {
        case .anonymous:
            var empty = berval()
            code = ldap_sasl_bind_s(ld, "", nil, &empty, nil, nil, nil)
        case .simple(let bindDN, let password, let source):
            guard !password.isEmpty else { throw DirectoryError.emptyPassword }
            guard isEncrypted || server.isLoopback || server.allowsCleartext else {
                throw DirectoryError.cleartextBind(url: server.url)
            }
            code = withBerval(password.bytes) { secret in
                ldap_sasl_bind_s(ld, bindDN, nil, &secret, nil, nil, nil)
            }
            if code == LDAP_INVALID_CREDENTIALS {
                throw DirectoryError.bindRefused(bindDN: bindDN, credentialSource: source)
            }
        }
        guard code == LDAP_SUCCESS else {
            throw failure(code, operation: "the bind as \(credential.bindDN.isEmpty ? "anonymous" : credential.bindDN)",
                          bindDN: credential.bindDN)
        }
    }

    /// Unbinds and drops the connection; harmless when not open.
    public func close() {
        guard let handle else { return }
        ldap_unbind_ext(handle, nil, nil)
        self.handle = nil
        isEncrypted = false
    }

    private static let brokenPipesIgnored: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    /// The handle, or an error saying the connection is not open.
    func openHandle(for operation: String) throws -> OpaquePointer {
        guard let handle else { throw DirectoryError.connectionLost(url: server.url, operation: operation) }
        return handle
    }
}
