import CampusCore

/// One share: `{"id": "q3Xh0…", "content": "schedule", "group": null, "createdAt": "...", "expiresAt": "...",
/// "lastFetchedAt": null}`; when just created, also `"url"`: the link to subscribe to (its token is shown
/// this once), and `"notShared"`: the group's members whose week the link leaves out.
public struct ShareShape: Encodable, Sendable {
    public var id: String
    /// `schedule` (the owner's own) or `overlay` (a favorites group's free time).
    public var content: String
    @Nullable public var group: String?
    public var createdAt: String
    /// When the link stops working.
    public var expiresAt: String
    @Nullable public var lastFetchedAt: String?
    /// The feed's address; only when the share was just created.
    @Withholdable public var url: String?
    /// Members of the group whose week the link leaves out (seen by a role); only when just created.
    @Withholdable public var notShared: [String]?

    public init(_ share: Share, url: String? = nil, notShared: [String]? = nil) {
        id = share.id
        switch share.content {
        case .schedule: content = "schedule"
        case .overlay(let group):
            content = "overlay"
            self.group = group
        }
        createdAt = Timestamp.text(share.createdAt)
        expiresAt = Timestamp.text(share.expiresAt)
        lastFetchedAt = share.lastFetchedAt.map(Timestamp.text)
        self.url = url
        _url.isWithheld = url == nil
        self.notShared = notShared
        _notShared.isWithheld = notShared == nil
    }

    /// A share just made: with its link and whom it leaves out.
    public init(_ made: NewShare, url: String) {
        self.init(made.share, url: url, notShared: made.notShared)
    }
}

/// `GET /v1/me/shares`: `{"shares": [...], "total": 2, "next": null}`.
public struct SharesShape: Encodable, Sendable {
    public var shares: [ShareShape]
    public var total: Int
    @Nullable public var next: String?

    public init(_ shares: [Share], paging: Paging = .everything) {
        self.shares = paging.page(shares).map { ShareShape($0) }
        total = shares.count
        next = paging.next(total: total)
    }
}
