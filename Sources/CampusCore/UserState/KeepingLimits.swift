/// The most of each thing one person may keep in the user-state store: a person cannot
/// fill it (or mint public links) without end. The store checks them in the transaction
/// that adds, so requests sent at once cannot pass them together.
public struct KeepingLimits: Sendable, Equatable {
    /// Shared links at once.
    public var shares: Int
    /// Favorites groups.
    public var groups: Int
    /// People in one favorites group.
    public var favoritesPerGroup: Int
    /// Consents to share a schedule holding at once.
    public var consents: Int
    /// Requests to share sent in any one day.
    public var requestsPerDay: Int

    public init(shares: Int, groups: Int, favoritesPerGroup: Int, consents: Int = 100, requestsPerDay: Int = 5) {
        self.shares = shares
        self.groups = groups
        self.favoritesPerGroup = favoritesPerGroup
        self.consents = consents
        self.requestsPerDay = requestsPerDay
    }
}

/// What adding a favorite did.
public enum FavoriteAddition: Sendable, Equatable {
    /// Kept now.
    case added
    /// In the group already: nothing changed.
    case kept
    /// A new group, and the owner keeps as many groups as they may.
    case tooManyGroups
    /// The group holds as many people as it may.
    case groupFull
}
