import CampusCore

/// `campus favorites list --json`, `GET /v1/me/favorites`: `{"favorites": [...], "total": 3, "next": null}`.
public struct FavoritesShape: Codable, Sendable {
    public var favorites: [FavoriteShape]
    public var total: Int
    @Nullable public var next: String?

    /// All of `statuses`, as one page.
    public init(_ statuses: [FavoriteStatus]) {
        self.init(Shown(FavoritesPage(statuses: statuses, total: statuses.count, paging: .everything)))
    }

    /// A page of favorites, the facts the policy withholds of each left out.
    public init(_ shown: Shown<FavoritesPage>) {
        favorites = shown.answer.statuses.map { status in
            FavoriteShape(status, withholding: shown.withheld(of: status.favorite.username))
        }
        total = shown.answer.total
        next = shown.answer.next
    }
}
