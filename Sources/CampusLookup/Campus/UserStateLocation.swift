import Foundation
internal import UserStatePostgres

/// Where the user-state store is: an SQLite file (the default, beside the index), or a
/// PostgreSQL database that several servers share.
public enum UserStateLocation: Sendable, Equatable, CustomStringConvertible {
    /// An SQLite file.
    case file(URL)
    /// A PostgreSQL database: `postgres://USER@HOST:PORT/DATABASE`, its password in the file
    /// `state-password-file` names.
    case postgres(url: String, passwordFile: String?)

    /// The SQLite file; `nil` for a database on a server.
    public var file: URL? {
        if case .file(let url) = self { return url }
        return nil
    }

    /// The file's path, or the database's URL (never a password).
    public var description: String {
        switch self {
        case .file(let url): url.path
        case .postgres(let url, _): PostgresAddress.redacted(url)
        }
    }
}
