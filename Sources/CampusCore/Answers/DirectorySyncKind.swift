/// How a directory sync's staged people replace the live ones.
public enum DirectorySyncKind: String, Codable, Sendable {
    /// The staged people are the whole directory: everyone else is removed.
    case full
    /// The staged people changed since the last sync: they are added or updated, nobody is removed.
    case incremental
}

/// Where a directory sync reads from.
public enum DirectorySourceKind: String, Codable, Sendable {
    /// An LDAP server.
    case ldap
    /// An LDIF file.
    case ldif
}
