#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A person a local user keeps in one of their favorites groups.
///
/// Favorites live in the index beside the registrar's and the directory's data
/// and survive every sync; the person may have left the index since.
public struct Favorite: Hashable, Codable, Sendable {
    /// The group used when none is named: `favorites`.
    public static let defaultGroup = "favorites"

    /// Whose favorite it is: the local user (`$USER`), or the logged-in user of the API.
    public var owner: String
    /// The group it is kept in (``defaultGroup`` unless named).
    public var group: String
    /// The favorite person's username, lower-cased.
    public var username: String
    /// When it was added.
    public var addedAt: Date

    /// Creates a favorite.
    public init(owner: String, group: String, username: String, addedAt: Date) {
        self.owner = owner
        self.group = group
        self.username = username
        self.addedAt = addedAt
    }
}
