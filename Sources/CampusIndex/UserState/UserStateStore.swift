import CampusCore
import Foundation

/// What people create, kept apart from the derived index: favorites now; sessions,
/// shares, log-in throttles and the record of disclosures as they come.
///
/// No rebuild, term swap or directory sync touches it. ``SQLiteUserState`` keeps it
/// in an SQLite file beside the index; a server farm can serve the same interface
/// from PostgreSQL, which is why every operation is `async`.
public protocol UserStateStore: Sendable {
    /// An owner's favorites, by group then in the order they were added.
    ///
    /// - Parameters:
    ///   - owner: whose favorites.
    ///   - group: one group, or `nil` for all of them.
    func favorites(owner: String, group: String?) async throws(UserStateError) -> [Favorite]

    /// Adds a person (stored lower-cased) to an owner's group; `false`, and nothing
    /// written, when they are in it already.
    func addFavorite(_ username: String, owner: String, group: String, now: Date) async throws(UserStateError) -> Bool

    /// Removes a person from an owner's group; `false` when they were not in it.
    func removeFavorite(_ username: String, owner: String, group: String) async throws(UserStateError) -> Bool

    /// Empties an owner's group, or all their groups when `group` is `nil`; how many were removed.
    func clearFavorites(owner: String, group: String?) async throws(UserStateError) -> Int
}

/// Why the user-state store could not do something.
public enum UserStateError: Error, Equatable, CustomStringConvertible {
    /// The store could not be opened (its file or folder, or its server).
    case cannotOpen(location: String, detail: String)
    /// The store was written by a newer version of campus.
    case newerVersion(location: String)
    /// The store refused an operation.
    case failed(operation: String, detail: String)

    public var description: String {
        switch self {
        case let .cannotOpen(location, detail):
            "Cannot open the store of favorites and other things people keep at \(location): \(detail)."
        case let .newerVersion(location):
            "The store at \(location) was written by a newer version of campus; update campus to use it."
        case let .failed(operation, detail):
            "The store of favorites could not \(operation): \(detail)."
        }
    }
}
