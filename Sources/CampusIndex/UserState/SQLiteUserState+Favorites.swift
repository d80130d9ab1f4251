import CampusCore
import Foundation
internal import GRDB

extension SQLiteUserState {
    public func favorites(owner: String, group: String?) async throws(UserStateError) -> [Favorite] {
        try await read("list the favorites of \(owner)") { db in
            // The me and meet pages list them at every view: one statement, prepared once a connection.
            let request: SQLRequest<FavoriteRecord> = if let group {
                SQLRequest(sql: Self.groupFavoritesSQL, arguments: [owner, group], cached: true)
            } else {
                SQLRequest(sql: Self.favoritesSQL, arguments: [owner], cached: true)
            }
            return try request.fetchAll(db).map(\.favorite)
        }
    }

    public func favorites(owner: String, group: String?, offset: Int, limit: Int) async throws(UserStateError) -> (page: [Favorite], total: Int) {
        try await read("list a page of the favorites of \(owner)") { db in
            let (sql, arguments): (String, StatementArguments) = if let group {
                (Self.groupFavoritesSQL, [owner, group])
            } else {
                (Self.favoritesSQL, [owner])
            }
            let page = try SQLRequest<FavoriteRecord>(sql: sql + " LIMIT ? OFFSET ?", arguments: arguments + [limit, offset], cached: true)
                .fetchAll(db).map(\.favorite)
            let total = try Int.fetchOne(
                db, sql: "SELECT count(*) FROM favorites WHERE owner = ?1 AND (?2 IS NULL OR group_name = ?2)", arguments: [owner, group]) ?? 0
            return (page, total)
        }
    }

    private static let favoritesSQL = """
        SELECT * FROM favorites WHERE owner = ? ORDER BY group_name, added_at, username
        """
    private static let groupFavoritesSQL = """
        SELECT * FROM favorites WHERE owner = ? AND group_name = ? ORDER BY added_at, username
        """

    public func addFavorite(
        _ username: String, owner: String, group: String, now: Date, limits: KeepingLimits?
    ) async throws(UserStateError) -> FavoriteAddition {
        try await writeImmediately("add \(username) to the favorites of \(owner)") { db in
            let record = FavoriteRecord(Favorite(owner: owner, group: group, username: username.lowercased(), addedAt: now))
            guard try !record.exists(db) else { return .kept }
            if let limits {
                let kept = FavoriteRecord.filter(FavoriteRecord.Columns.owner == owner)
                let members = try kept.filter(FavoriteRecord.Columns.group == group).fetchCount(db)
                if members >= limits.favoritesPerGroup { return .groupFull }
                let groups = try kept.select(FavoriteRecord.Columns.group).distinct().fetchCount(db)
                if members == 0, groups >= limits.groups { return .tooManyGroups }
            }
            try record.insert(db)
            return .added
        }
    }

    public func removeFavorite(_ username: String, owner: String, group: String) async throws(UserStateError) -> Bool {
        try await write("remove \(username) from the favorites of \(owner)") { db in
            try FavoriteRecord.deleteOne(db, key: ["owner": owner, "group_name": group, "username": username.lowercased()])
        }
    }

    public func clearFavorites(owner: String, group: String?) async throws(UserStateError) -> Int {
        try await write("clear the favorites of \(owner)") { db in
            var request = FavoriteRecord.filter(FavoriteRecord.Columns.owner == owner)
            if let group { request = request.filter(FavoriteRecord.Columns.group == group) }
            return try request.deleteAll(db)
        }
    }
}
