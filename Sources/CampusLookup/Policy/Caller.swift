import CampusCore

/// Who asks: a logged-in member of the campus with their affiliation and named roles,
/// nobody (anonymous), or the operator of this machine (the command line). Every use
/// case of ``CampusService`` is asked on behalf of one.
public struct Caller: Hashable, Sendable {
    /// The username, lower-cased; `nil` for an anonymous caller.
    public var username: String?
    /// Student, faculty or staff, from the directory (else the registrar).
    public var affiliation: Affiliation
    /// Named roles the configuration gives this username (`registrar`).
    public var roles: Set<String>
    /// Whether the directory suppresses this person (they exist for themselves only).
    public var isSuppressed: Bool
    /// Whether this is the operator of this machine: whoever runs `campus` holds the index
    /// file, so every policy rule allows them (as ``Principal/operator``) and what they read
    /// is no disclosure; suppressed people stay hidden from them as from everyone.
    public private(set) var isOperator = false

    public init(username: String?, affiliation: Affiliation = .unknown, roles: Set<String> = [], isSuppressed: Bool = false) {
        self.username = username?.lowercased()
        self.affiliation = affiliation
        self.roles = roles
        self.isSuppressed = isSuppressed
    }

    /// Nobody logged in.
    public static let anonymous = Caller(username: nil)

    /// The operator of this machine, by their login name (``LocalUser/name``) as the system
    /// spells it, which owns the favorites they keep.
    public static func `operator`(named name: String = LocalUser.name) -> Caller {
        var caller = Caller(username: nil)
        caller.username = name
        caller.isOperator = true
        return caller
    }

    /// Whether someone is logged in.
    public var isMember: Bool { username != nil }

    /// Whether `username` is this caller.
    public func isSelf(_ username: String) -> Bool {
        self.username == username.lowercased()
    }
}
