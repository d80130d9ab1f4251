import Foundation
import Logging

/// Checks a person's password against the directory: finds their entry with a service
/// account (by username, principal name or `DOMAIN\user`), then binds as its DN with the
/// password on a fresh connection of its own.
///
/// ```swift
/// var authenticator = try DirectoryAuthenticator(server: server, serviceCredential: service,
///                                                searchBase: "ou=People,dc=rose-hulman,dc=edu",
///                                                userFilter: "(uid={username})")
/// authenticator.principalFilter = "(eduPersonPrincipalName={principal})"
/// let found = try authenticator.authenticate(LoginName("valer@rose-hulman.edu")!, password: typedPassword)
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
    /// A filter with a `{principal}` placeholder finding a person by their principal name
    /// (`(userPrincipalName={principal})`); `nil` when the directory keeps none.
    public var principalFilter: String?
    /// The attribute holding the username, read back from the entry found.
    public var usernameAttribute: String = "uid"
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
    /// - Throws: as ``authenticate(_:password:)``.
    public func authenticate(username: String, password: DirectorySecret) throws -> String {
        guard let name = LoginName(username), case .username = name else { throw DirectoryError.wrongUsernameOrPassword }
        return try authenticate(name, password: password).dn
    }

    /// The person a typed name names when `password` is theirs: their DN and username.
    ///
    /// A principal name is looked up by ``principalFilter``; `DOMAIN\user` only when `DOMAIN`
    /// is the directory's own (its NetBIOS domain name, as Active Directory's partitions
    /// record it). Each name is escaped into its filter, so filter syntax in it is only text;
    /// exactly one entry must match.
    ///
    /// - Throws: ``DirectoryError/wrongUsernameOrPassword`` for an unknown or ambiguous name, a
    ///   domain not the directory's and a wrong password alike (never saying which);
    ///   ``DirectoryError/emptyPassword`` for an empty password; connection and service-account
    ///   errors as they are.
    public func authenticate(_ name: LoginName, password: DirectorySecret) throws -> (dn: String, username: String) {
        guard !password.isEmpty else { throw DirectoryError.emptyPassword }
        let found = try person(named: name)
        let connection = DirectoryConnection(server: server, logger: logger)
        defer { connection.close() }
        try connection.open()
        do {
            try connection.bind(.simple(bindDN: found.dn, password: password, source: "the password given for \(name.typed)"))
        } catch DirectoryError.bindRefused {
            throw DirectoryError.wrongUsernameOrPassword
        }
        return found
    }

    /// Whether the directory answers: connects and binds as the service account, as every
    /// log-in first does. Throws what connecting or binding throws.
    public func checkService() throws {
        let connection = DirectoryConnection(server: server, logger: logger)
        defer { connection.close() }
        try connection.open()
        try connection.bind(serviceCredential)
    }

    /// The one entry the name finds, with the service account: its DN and username.
    private func person(named name: LoginName) throws -> (dn: String, username: String) {
        let connection = DirectoryConnection(server: server, logger: logger)
        defer { connection.close() }
        try connection.open()
        try connection.bind(serviceCredential)
        let filter: String
        switch name {
        case .username(let username):
            filter = userFilter.replacingOccurrences(of: "{username}", with: LDAPFilter.escape(username))
        case .principal(let principal):
            guard let principalFilter else { throw DirectoryError.wrongUsernameOrPassword }
            filter = principalFilter.replacingOccurrences(of: "{principal}", with: LDAPFilter.escape(principal))
        case .domainUser(let domain, let user):
            guard try domains(through: connection).contains(domain.lowercased()) else { throw DirectoryError.wrongUsernameOrPassword }
            filter = userFilter.replacingOccurrences(of: "{username}", with: LDAPFilter.escape(user))
        }
        var found: [DirectoryEntry] = []
        try connection.search(DirectorySearchRequest(base: searchBase, filter: filter, attributes: [usernameAttribute], sizeLimit: 2)) {
            found += $0
        }
        guard found.count == 1, let entry = found.first else {
            if found.count > 1 { logger.warning("More than one directory entry matches a log-in name", metadata: ["filter": "\(filter)"]) }
            throw DirectoryError.wrongUsernameOrPassword
        }
        return (entry.dn, entry.text(usernameAttribute) ?? name.typed)
    }

    /// The directory's NetBIOS domain names, lower-cased: Active Directory's partition of the
    /// domain it serves, under its configuration naming context; none from another directory.
    private func domains(through connection: DirectoryConnection) throws -> Set<String> {
        var root: DirectoryEntry?
        try connection.search(DirectorySearchRequest(
            base: "", scope: .base, attributes: ["defaultNamingContext", "configurationNamingContext"])) { root = $0.first ?? root }
        guard let domain = root?.text("defaultNamingContext"), let configuration = root?.text("configurationNamingContext") else { return [] }
        var names = Set<String>()
        try connection.search(DirectorySearchRequest(
            base: "CN=Partitions,\(configuration)",
            filter: "(&(objectClass=crossRef)(nCName=\(LDAPFilter.escape(domain))))", attributes: ["nETBIOSName"])) { entries in
            for entry in entries { names.formUnion(entry.texts("nETBIOSName").map { $0.lowercased() }) }
        }
        return names
    }
}
