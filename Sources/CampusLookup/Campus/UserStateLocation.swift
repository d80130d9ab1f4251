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

    /// Whether `text` names a PostgreSQL database (`postgres://`, the scheme in any case) rather than a file.
    public static func namesDatabase(_ text: String) -> Bool {
        PostgresAddress.isPostgres(text)
    }

    /// `text` as it may be shown: any password in it replaced by `…`.
    public static func redacted(_ text: String) -> String {
        PostgresAddress.redacted(text)
    }

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
