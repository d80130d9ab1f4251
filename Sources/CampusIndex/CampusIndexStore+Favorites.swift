import CampusCore
import Foundation
import GRDB

extension CampusIndexStore {
    /// An owner's favorites, by group then in the order they were added.
    ///
    /// ```swift
    /// try store.favorites(owner: "alice", group: nil)          // every group
    /// try store.favorites(owner: "alice", group: "favorites")  // one group
    /// ```
    ///
    /// - Parameters:
    ///   - owner: whose favorites.
    ///   - group: one group, or `nil` for all of them.
    public func favorites(owner: String, group: String?) throws(IndexError) -> [Favorite] {
        try read("list the favorites of \(owner)") { db in
            var request = FavoriteRecord.filter(FavoriteRecord.Columns.owner == owner)
            if let group { request = request.filter(FavoriteRecord.Columns.group == group) }
            return try request
                .order(FavoriteRecord.Columns.group, FavoriteRecord.Columns.addedAt, FavoriteRecord.Columns.username)
                .fetchAll(db).map(\.favorite)
        }
    }

    /// Adds a person to an owner's group; `false` (and nothing written) when already there.
    ///
    /// The username is stored lower-cased; whether the index knows the person is
    /// the caller's concern, so a favorite may name someone not yet synced.
    @discardableResult
    public func addFavorite(_ username: String, owner: String, group: String, now: Date) throws(IndexError) -> Bool {
        try write("add \(username) to the favorites of \(owner)") { db in
            let record = FavoriteRecord(Favorite(owner: owner, group: group, username: username.lowercased(), addedAt: now))
            guard try !record.exists(db) else { return false }
            try record.insert(db)
            return true
        }
    }

    /// Removes a person from an owner's group; `false` when they were not in it.
    @discardableResult
    public func removeFavorite(_ username: String, owner: String, group: String) throws(IndexError) -> Bool {
        try write("remove \(username) from the favorites of \(owner)") { db in
            try FavoriteRecord.deleteOne(db, key: ["owner": owner, "group_name": group, "username": username.lowercased()])
        }
    }

    /// Empties an owner's group, or all their groups when `group` is `nil`; how many were removed.
    @discardableResult
    public func clearFavorites(owner: String, group: String?) throws(IndexError) -> Int {
        try write("clear the favorites of \(owner)") { db in
            var request = FavoriteRecord.filter(FavoriteRecord.Columns.owner == owner)
            if let group { request = request.filter(FavoriteRecord.Columns.group == group) }
            return try request.deleteAll(db)
        }
    }
}
