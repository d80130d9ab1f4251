/// What to search for: where, how deep, which entries and which attributes.
///
/// ```swift
/// let request = DirectorySearchRequest(base: "ou=People,dc=rose-hulman,dc=edu",
///                                      filter: LDAPFilter.equals("uid", username),
///                                      attributes: ["uid", "cn", "modifyTimestamp"])
/// ```
public struct DirectorySearchRequest: Sendable, Hashable {
    /// How far below the base a search looks.
    public enum Scope: Sendable, Hashable {
        /// The base entry only.
        case base
        /// The base's immediate children.
        case oneLevel
        /// The base and everything below it.
        case subtree
    }

    /// The DN the search starts at.
    public var base: String
    /// How deep it looks.
    public var scope: Scope
    /// An RFC 4515 filter; build it with ``LDAPFilter`` so values are escaped.
    public var filter: String
    /// The attributes to return; empty returns every user attribute.
    /// Operational attributes (`modifyTimestamp`, `entryUUID`) are returned when named.
    public var attributes: [String]
    /// Entries per page of the paged-results control (RFC 2696); `nil` sends
    /// no paging control, so the server's size limit cuts the result short.
    public var pageSize: Int?
    /// The most entries wanted in all; `nil` leaves it to the server.
    /// Reaching it makes a partial result with a warning, not an error.
    public var sizeLimit: Int?

    /// A request; by default a subtree search for every entry, all user attributes, pages of 500.
    public init(base: String, scope: Scope = .subtree, filter: String = "(objectClass=*)",
                attributes: [String] = [], pageSize: Int? = 500, sizeLimit: Int? = nil) {
        self.base = base
        self.scope = scope
        self.filter = filter
        self.attributes = attributes
        self.pageSize = pageSize
        self.sizeLimit = sizeLimit
    }
}
