import CampusCore
import CampusIndex
import Foundation
import PostgresNIO

extension PostgresUserState {
    public func favorites(owner: String, group: String?) async throws(UserStateError) -> [Favorite] {
        try await run("list the favorites of \(owner)") { db in
            try await db.rows("""
                SELECT owner, group_name, username, added_at FROM favorites
                WHERE owner = \(owner) AND (\(group)::text IS NULL OR group_name = \(group))
                ORDER BY group_name COLLATE "C", added_at, username COLLATE "C"
                """).map { row in
                let (owner, group, username, addedAt) = try row.decode((String, String, String, Date).self)
                return Favorite(owner: owner, group: group, username: username, addedAt: addedAt.toMillisecond)
            }
        }
    }

    public func favorites(owner: String, group: String?, offset: Int, limit: Int) async throws(UserStateError) -> (page: [Favorite], total: Int) {
        try await transaction("list a page of the favorites of \(owner)") { db in
            let page = try await db.rows("""
                SELECT owner, group_name, username, added_at FROM favorites
                WHERE owner = \(owner) AND (\(group)::text IS NULL OR group_name = \(group))
                ORDER BY group_name COLLATE "C", added_at, username COLLATE "C"
                LIMIT \(Int64(limit)) OFFSET \(Int64(offset))
                """).map { row in
                let (owner, group, username, addedAt) = try row.decode((String, String, String, Date).self)
                return Favorite(owner: owner, group: group, username: username, addedAt: addedAt.toMillisecond)
            }
            let total = try await db.count(
                "SELECT count(*) FROM favorites WHERE owner = \(owner) AND (\(group)::text IS NULL OR group_name = \(group))")
            return (page, total)
        }
    }

    public func addFavorite(
        _ username: String, owner: String, group: String, now: Date, limits: KeepingLimits?
    ) async throws(UserStateError) -> FavoriteAddition {
        let username = username.lowercased()
        return try await transaction("add \(username) to the favorites of \(owner)", locking: ["favorites " + owner]) { db in
            let kept = try await db.count("""
                SELECT count(*) FROM favorites WHERE owner = \(owner) AND group_name = \(group) AND username = \(username)
                """)
            guard kept == 0 else { return .kept }
            if let limits {
                let members = try await db.count("SELECT count(*) FROM favorites WHERE owner = \(owner) AND group_name = \(group)")
                if members >= limits.favoritesPerGroup { return .groupFull }
                let groups = try await db.count("SELECT count(DISTINCT group_name) FROM favorites WHERE owner = \(owner)")
                if members == 0, groups >= limits.groups { return .tooManyGroups }
            }
            try await db.execute("""
                INSERT INTO favorites (owner, group_name, username, added_at) VALUES (\(owner), \(group), \(username), \(now.toMillisecond))
                """)
            return .added
        }
    }

    public func removeFavorite(_ username: String, owner: String, group: String) async throws(UserStateError) -> Bool {
        try await run("remove \(username) from the favorites of \(owner)") { db in
            try await db.changes("""
                DELETE FROM favorites WHERE owner = \(owner) AND group_name = \(group) AND username = \(username.lowercased()) RETURNING 1
                """) > 0
        }
    }

    public func clearFavorites(owner: String, group: String?) async throws(UserStateError) -> Int {
        try await run("clear the favorites of \(owner)") { db in
            try await db.changes("""
                DELETE FROM favorites WHERE owner = \(owner) AND (\(group)::text IS NULL OR group_name = \(group)) RETURNING 1
                """)
        }
    }
}
