import CampusCore

/// `POST /v1/session`: `{"token": "...", "expiresAt": "2026-11-24T17:00:00Z", "kept": false, "user": {...}}`;
/// `GET /v1/session` is the same without `token`.
public struct SessionShape: Encodable, Sendable {
    /// Given once, at log-in; left out afterwards.
    @Withholdable public var token: String?
    /// When the session ends unless used again (the earlier of its absolute end and the idle limit).
    public var expiresAt: String
    /// Whether it is kept on this device ("keep me signed in"): no idle limit, its end moving on with each use.
    public var kept: Bool
    public var user: UserShape

    public init(_ answer: LoginAnswer) {
        token = answer.token
        expiresAt = Timestamp.text(answer.expiresAt)
        kept = answer.session.isKept
        user = UserShape(caller: answer.caller, person: answer.person)
    }

    public init(_ answer: SessionAnswer) {
        expiresAt = Timestamp.text(answer.expiresAt)
        kept = answer.session.isKept
        user = UserShape(caller: answer.caller, person: answer.person)
        _token.isWithheld = true
    }
}

/// Who is logged in: `{"username": "quinna", "name": "Alex Quinn", "affiliation": "student", "roles": []}`.
public struct UserShape: Encodable, Sendable {
    public var username: String
    @Nullable public var name: String?
    public var affiliation: String
    public var roles: [String]

    public init(caller: Caller, person: Person?) {
        username = caller.username ?? ""
        name = person?.name
        affiliation = caller.affiliation.rawValue
        roles = caller.roles.sorted()
    }
}
