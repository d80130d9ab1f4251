import Foundation
import Logging

/// A bound connection that reconnects when the server goes away, for
/// searches that must finish: on a lost connection (or one that cannot be
/// made) it waits, reconnects, rebinds and restarts the paged search from
/// the start, up to ``maximumAttempts`` attempts in all.
///
/// Before each restart `onRestart` is called with the error that caused it,
/// so a consumer can drop what it staged from the pages already received.
///
/// ```swift
/// let session = DirectorySession(server: server, credential: credential)
/// let outcome = try session.search(request,
///                                  onRestart: { _ in staged.removeAll() },
///                                  receive: { staged += $0 })
/// ```
///
/// Blocking and not `Sendable`, like ``DirectoryConnection``.
public final class DirectorySession {
    /// The server.
    public let server: DirectoryServer
    /// Who the session binds as, again after each reconnect.
    public let credential: DirectoryCredential
    /// Attempts at a whole search, the first included.
    public let maximumAttempts: Int
    /// The wait before the first reconnect; doubled before each later one.
    public let retryDelay: Duration
    private let logger: Logger
    private var connection: DirectoryConnection?

    /// A session with `server` as `credential`; nothing is connected until the first search.
    public init(server: DirectoryServer, credential: DirectoryCredential, maximumAttempts: Int = 3,
                retryDelay: Duration = .milliseconds(500), logger: Logger = Logger(label: "campus.directory")) {
        self.server = server
        self.credential = credential
        self.maximumAttempts = max(1, maximumAttempts)
        self.retryDelay = retryDelay
        self.logger = logger
    }

    /// Runs `request` like ``DirectoryConnection/search(_:receive:)``, restarting
    /// it from the first page after a lost connection (see the type's description).
    ///
    /// - Throws: the last connection error once every attempt failed; any
    ///   other error (a refused bind, a bad filter, an error from a closure) at once.
    @discardableResult
    public func search(_ request: DirectorySearchRequest,
                       onRestart: (DirectoryError) throws -> Void,
                       receive: ([DirectoryEntry]) throws -> Void) throws -> DirectorySearchOutcome {
        var attempt = 1
        while true {
            do {
                return try connected().search(request, receive: receive)
            } catch let error as DirectoryError where error.isConnectionLoss && attempt < maximumAttempts {
                close()
                let delay = retryDelay * (1 << (attempt - 1))
                logger.warning("Lost the directory connection; restarting the search from the start", metadata: [
                    "error": "\(error)", "attempt": "\(attempt + 1)", "delay": "\(delay)",
                ])
                Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
                attempt += 1
                try onRestart(error)
            }
        }
    }

    /// Drops the connection; the next search reconnects.
    public func close() {
        connection?.close()
        connection = nil
    }

    /// The open, bound connection, made when there is none.
    private func connected() throws -> DirectoryConnection {
        if let connection, connection.isOpen { return connection }
        let fresh = DirectoryConnection(server: server, logger: logger)
        try fresh.open()
        try fresh.bind(credential)
        connection = fresh
        return fresh
    }
}
