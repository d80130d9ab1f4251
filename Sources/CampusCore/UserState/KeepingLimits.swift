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

    public init(shares: Int, groups: Int, favoritesPerGroup: Int) {
        self.shares = shares
        self.groups = groups
        self.favoritesPerGroup = favoritesPerGroup
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
