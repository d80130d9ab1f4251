import CampusCore

/// Who asks: a logged-in member of the campus with their affiliation and named roles,
/// or nobody (anonymous). Every use case of the API is asked on behalf of one.
public struct Caller: Hashable, Sendable {
    /// The username, lower-cased; `nil` for an anonymous caller.
    public var username: String?
    /// Student, faculty or staff, from the directory (else the registrar).
    public var affiliation: Affiliation
    /// Named roles the configuration gives this username (`registrar`).
    public var roles: Set<String>
    /// Whether the directory suppresses this person (they exist for themselves only).
    public var isSuppressed: Bool

    public init(username: String?, affiliation: Affiliation = .unknown, roles: Set<String> = [], isSuppressed: Bool = false) {
        self.username = username?.lowercased()
        self.affiliation = affiliation
        self.roles = roles
        self.isSuppressed = isSuppressed
    }

    /// Nobody logged in.
    public static let anonymous = Caller(username: nil)

    /// Whether someone is logged in.
    public var isMember: Bool { username != nil }

    /// Whether `username` is this caller.
    public func isSelf(_ username: String) -> Bool {
        self.username == username.lowercased()
    }
}
