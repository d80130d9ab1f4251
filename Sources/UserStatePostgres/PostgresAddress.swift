import Foundation

/// Where a PostgreSQL user-state store is, as the configuration's `state:` names it:
/// `postgres://USER@HOST:PORT/DATABASE`, with TLS set by `?sslmode=` as libpq reads it
/// (`disable`, `prefer` the default, `require`, `verify-ca`, `verify-full`) and the CA the
/// server's certificate is checked against by `?sslrootcert=PATH` (else the system's roots).
///
/// The password is never part of it: it comes from a file of its own (`state-password-file`).
public struct PostgresAddress: Hashable, Sendable, CustomStringConvertible {
    /// How the connection is protected, as libpq's `sslmode` says.
    public enum TLSMode: String, Sendable, CaseIterable {
        /// Plain, even when the server offers TLS.
        case disable
        /// TLS when the server offers it, plain when it does not; the certificate not checked.
        case prefer
        /// TLS or nothing; the certificate not checked.
        case require
        /// TLS or nothing; the certificate must chain to a trusted CA (whatever name it bears).
        case verifyCA = "verify-ca"
        /// TLS or nothing; the certificate must chain to a trusted CA and name the host: the only
        /// mode that keeps a machine in between from reading what goes to another network.
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var username: String
    public var database: String
    public var tls: TLSMode
    /// A PEM file of the CA the server's certificate must chain to, instead of the system's roots.
    public var caFile: String?

    public init(host: String, port: Int = 5432, username: String, database: String, tls: TLSMode = .prefer, caFile: String? = nil) {
        self.host = host
        self.port = port
        self.username = username
        self.database = database
        self.tls = tls
        self.caFile = caFile
    }

    /// Whether `text` names a PostgreSQL store rather than an SQLite file (the scheme in any case).
    public static func isPostgres(_ text: String) -> Bool {
        let lowered = text.prefix(13).lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// Reads `postgres://USER@HOST[:PORT]/DATABASE[?sslmode=MODE&sslrootcert=PATH]`.
    ///
    /// - Throws: ``PostgresAddressError`` naming what is wrong and how it should read.
    public init(parsing text: String) throws(PostgresAddressError) {
        guard Self.isPostgres(text), let components = URLComponents(string: text) else {
            throw PostgresAddressError(text: Self.redacted(text), problem: "it is not a postgres:// URL")
        }
        if components.password != nil {
            throw PostgresAddressError(
                text: "postgres://…", problem: "it holds a password; put the password in the file state-password-file names instead")
        }
        guard let username = components.user, !username.isEmpty else {
            throw PostgresAddressError(text: Self.redacted(text), problem: "it names no user (postgres://USER@HOST/DATABASE)")
        }
        guard let host = components.host, !host.isEmpty else {
            throw PostgresAddressError(text: Self.redacted(text), problem: "it names no host (postgres://USER@HOST/DATABASE)")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw PostgresAddressError(text: Self.redacted(text), problem: "it names no database (postgres://USER@HOST/DATABASE)")
        }
        var tls = TLSMode.prefer
        var caFile: String?
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                    throw PostgresAddressError(
                        text: Self.redacted(text), problem: "sslmode '\(item.value ?? "")' is not one of "
                            + TLSMode.allCases.map(\.rawValue).joined(separator: ", "))
                }
                tls = mode
            case "password":
                throw PostgresAddressError(
                    text: "postgres://…", problem: "it holds a password; put the password in the file state-password-file names instead")
            case "sslrootcert":
                guard let path = item.value, !path.isEmpty else {
                    throw PostgresAddressError(text: Self.redacted(text), problem: "sslrootcert names no file")
                }
                caFile = path
            default:
                throw PostgresAddressError(text: Self.redacted(text), problem: "'\(item.name)' is not known here; use sslmode or sslrootcert")
            }
        }
        self.init(host: host, port: components.port ?? 5432, username: username, database: database, tls: tls, caFile: caFile)
    }

    /// `text` with the password of any `USER:PASSWORD@` in it, and all of its query, replaced by
    /// `…`: what may be shown of a URL someone wrote, parsed or not (`?password=` is libpq's).
    public static func redacted(_ text: String) -> String {
        var shown = text
        if let query = shown.firstIndex(of: "?") { shown = String(shown[...query]) + "…" }
        guard let scheme = shown.range(of: "://") else { return shown }
        let authority = shown[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return shown }
        return String(shown[..<authority.index(after: colon)]) + "…" + String(shown[at...])
    }

    /// The URL without secrets, as logs and errors name the store.
    public var description: String {
        var text = "postgres://\(username)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
        var query: [String] = []
        if tls != .prefer { query.append("sslmode=\(tls.rawValue)") }
        if let caFile { query.append("sslrootcert=\(caFile)") }
        if !query.isEmpty { text += "?" + query.joined(separator: "&") }
        return text
    }
}

/// A `state:` URL that cannot name a PostgreSQL store.
public struct PostgresAddressError: Error, Equatable, CustomStringConvertible {
    public var text: String
    public var problem: String

    public var description: String {
        "'\(text)' cannot name the PostgreSQL store: \(problem)"
    }
}
