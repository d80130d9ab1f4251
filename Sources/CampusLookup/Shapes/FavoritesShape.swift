import CampusCore

/// `campus favorites list --json`, `GET /v1/me/favorites`: `{"favorites": [...], "total": 3, "next": null}`.
public struct FavoritesShape: Encodable, Sendable {
    public var favorites: [FavoriteShape]
    public var total: Int
    @Nullable public var next: String?

    public init(_ statuses: [FavoriteStatus], paging: Paging = .everything) {
        favorites = paging.page(statuses).map { FavoriteShape($0) }
        total = statuses.count
        next = paging.next(total: total)
    }
}
