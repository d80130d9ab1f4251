import CampusCore

/// One page of a person's favorites: the statuses of those on it, and how many they keep.
public struct FavoritesPage: Sendable {
    /// The most favorites one page of a person's holds, whatever `limit` asks: each is a
    /// schedule looked up.
    public static let mostPerPage = 50

    /// The favorites of the page, each looked up.
    public var statuses: [FavoriteStatus]
    /// How many favorites the list holds in all (the page's group, or every group).
    public var total: Int
    /// Which page this is.
    public var paging: Paging

    public init(statuses: [FavoriteStatus], total: Int, paging: Paging) {
        self.statuses = statuses
        self.total = total
        self.paging = paging
    }

    /// The cursor of the next page, when more favorites follow.
    public var next: String? { paging.next(total: total) }
}
