internal import Directory
import Foundation

/// Where a directory sync reads people from.
enum DirectoryLocation: Sendable {
    /// An LDAP server: connection settings, who to bind as, and the base DN to search below.
    case server(DirectoryServer, credential: DirectoryCredential, base: String)
    /// An LDIF export of the directory (always a full snapshot).
    /// Values written `attribute:< file://...` may be read from files under `filesUnder` only.
    case ldif(path: String, filesUnder: URL?)

    /// The key the index keeps this source's sync state under.
    var sourceKey: String {
        switch self {
        case .server(let server, _, let base): "\(server.url) \(base)"
        case .ldif(let path, _): "ldif:" + URL(fileURLWithPath: path).standardizedFileURL.path
        }
    }

    /// For messages: `ldap://127.0.0.1:3890 (base ou=People,dc=example,dc=edu)`, `the LDIF file x.ldif`.
    var description: String {
        switch self {
        case .server(let server, _, let base): "\(server.url) (base \(base))"
        case .ldif(let path, _): "the LDIF file \(path)"
        }
    }
}
