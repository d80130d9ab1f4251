import Foundation
import Logging

/// Checks a person's username and password against the directory: finds
/// their DN with a service account, then binds as that DN with the password
/// on a fresh connection of its own.
///
/// ```swift
/// let authenticator = try DirectoryAuthenticator(server: server, serviceCredential: service,
///                                                searchBase: "ou=People,dc=rose-hulman,dc=edu",
///                                                userFilter: "(uid={username})")
/// let dn = try authenticator.authenticate(username: "valer", password: typedPassword)
/// ```
///
/// Blocking: each call opens, uses and closes its own connections.
public struct DirectoryAuthenticator: Sendable {
    /// The server.
    public let server: DirectoryServer
    /// The account that may search for users.
    public let serviceCredential: DirectoryCredential
    /// Where users are searched for (the whole subtree).
    public let searchBase: String
    /// A filter with a `{username}` placeholder, e.g. `(uid={username})`.
    public let userFilter: String
    private let logger: Logger

    /// An authenticator.
    ///
    /// - Throws: ``DirectoryError/invalidUserFilter(_:)`` when `userFilter` lacks `{username}`.
    public init(server: DirectoryServer, serviceCredential: DirectoryCredential, searchBase: String,
                userFilter: String = "(uid={username})", logger: Logger = Logger(label: "campus.directory")) throws {
        guard userFilter.contains("{username}") else { throw DirectoryError.invalidUserFilter(userFilter) }
        self.server = server
        self.serviceCredential = serviceCredential
        self.searchBase = searchBase
        self.userFilter = userFilter
        self.logger = logger
    }

    /// The DN of the user `username` when `password` is theirs.
    ///
    /// The username is escaped into the filter, so filter syntax in it is
    /// only text; exactly one entry must match.
    ///
    /// - Throws: ``DirectoryError/wrongUsernameOrPassword`` for an unknown
    ///   user, an ambiguous one or a wrong password alike (never saying which);
    ///   ``DirectoryError/emptyPassword`` for an empty password; connection
    ///   and service-account errors as they are.
    public func authenticate(username: String, password: DirectorySecret) throws -> String {
        guard !password.isEmpty else { throw DirectoryError.emptyPassword }
        guard !username.isEmpty else { throw DirectoryError.wrongUsernameOrPassword }
        let dn = try userDN(username)
        let connection = DirectoryConnection(server: server, logger: logger)
        defer { connection.close() }
        try connection.open()
        do {
            try connection.bind(.simple(bindDN: dn, password: password, source: "the password given for \(username)"))
        } catch DirectoryError.bindRefused {
            throw DirectoryError.wrongUsernameOrPassword
        }
        return dn
    }

    /// Whether the directory answers: connects and binds as the service account, as every
    /// log-in first does. Throws what connecting or binding throws.
    public func checkService() throws {
        let connection = DirectoryConnection(server: server, logger: logger)
        defer { connection.close() }
        try connection.open()
        try connection.bind(serviceCredential)
    }

    /// The one DN the filter finds for `username` with the service account.
    private func userDN(_ username: String) throws -> String {
        let connection = DirectoryConnection(server: server, logger: logger)
        defer { connection.close() }
        try connection.open()
        try connection.bind(serviceCredential)
        let filter = userFilter.replacingOccurrences(of: "{username}", with: LDAPFilter.escape(username))
        var found: [String] = []
        try connection.search(DirectorySearchRequest(base: searchBase, filter: filter, attributes: ["1.1"], sizeLimit: 2)) {
            found += $0.map(\.dn)
        }
        guard found.count == 1, let dn = found.first else {
            if found.count > 1 { logger.warning("More than one directory entry matches a username", metadata: ["filter": "\(filter)"]) }
            throw DirectoryError.wrongUsernameOrPassword
        }
        return dn
    }
}
