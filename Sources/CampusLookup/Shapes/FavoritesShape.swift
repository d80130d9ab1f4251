import CampusCore

/// `campus favorites list --json`, `GET /v1/me/favorites`: `{"favorites": [...], "total": 3, "next": null}`.
public struct FavoritesShape: Encodable, Sendable {
    public var favorites: [FavoriteShape]
    public var total: Int
    @Nullable public var next: String?

    public init(_ statuses: [FavoriteStatus], paging: Paging = .everything) {
        self.init(Shown(statuses), paging: paging)
    }

    /// The favorites with the facts the policy withholds of each left out.
    public init(_ shown: Shown<[FavoriteStatus]>, paging: Paging = .everything) {
        favorites = paging.page(shown.answer).map { status in
            FavoriteShape(status, withholding: shown.withheld(of: status.favorite.username))
        }
        total = shown.answer.count
        next = paging.next(total: total)
    }
}
