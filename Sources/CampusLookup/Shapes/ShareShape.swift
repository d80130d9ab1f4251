import CampusCore

/// One share: `{"id": "q3Xh0…", "content": "schedule", "group": null, "createdAt": "...", "lastFetchedAt": null}`;
/// when just created, also `"url"`: the link to subscribe to (its token is shown this once).
public struct ShareShape: Encodable, Sendable {
    public var id: String
    /// `schedule` (the owner's own) or `overlay` (a favorites group's free time).
    public var content: String
    @Nullable public var group: String?
    public var createdAt: String
    @Nullable public var lastFetchedAt: String?
    /// The feed's address; only when the share was just created.
    @Withholdable public var url: String?

    public init(_ share: Share, url: String? = nil) {
        id = share.id
        switch share.content {
        case .schedule: content = "schedule"
        case .overlay(let group):
            content = "overlay"
            self.group = group
        }
        createdAt = Timestamp.text(share.createdAt)
        lastFetchedAt = share.lastFetchedAt.map(Timestamp.text)
        self.url = url
        _url.isWithheld = url == nil
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
