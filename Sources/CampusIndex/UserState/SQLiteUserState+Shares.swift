import CampusCore
import Foundation
internal import GRDB

extension SQLiteUserState {
    private static let shareColumns = "id, token_hash, owner, content, group_name, created_at, last_fetched_at, expires_at"

    public func addShare(_ share: Share, limit: Int?) async throws(UserStateError) -> Bool {
        try await writeImmediately("keep a share of \(share.owner)") { db in
            if let limit {
                let kept = try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM shares WHERE owner = ? AND expires_at > ?", arguments: [share.owner, share.createdAt]) ?? 0
                guard kept < limit else { return false }
            }
            let (content, group) = StoredForm.columns(of: share.content)
            try db.execute(
                sql: "INSERT INTO shares (\(Self.shareColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [share.id, share.tokenHash, share.owner, content, group, share.createdAt, share.lastFetchedAt, share.expiresAt])
            return true
        }
    }

    public func shares(owner: String) async throws(UserStateError) -> [Share] {
        try await read("list the shares of \(owner)") { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.shareColumns) FROM shares WHERE owner = ? ORDER BY created_at, id", arguments: [owner])
                .compactMap(Self.share)
        }
    }

    public func share(tokenHash: String) async throws(UserStateError) -> Share? {
        try await read("look up a share") { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.shareColumns) FROM shares WHERE token_hash = ?", arguments: [tokenHash])
                .flatMap(Self.share)
        }
    }

    public func markShareFetched(id: String, at now: Date) async throws(UserStateError) {
        try await write("mark a share fetched") { db in
            try db.execute(sql: "UPDATE shares SET last_fetched_at = ? WHERE id = ?", arguments: [now, id])
        }
    }

    public func removeEndedShares(at now: Date) async throws(UserStateError) -> Int {
        try await write("remove ended shares") { db in
            try db.execute(sql: "DELETE FROM shares WHERE expires_at <= ?", arguments: [now])
            return db.changesCount
        }
    }

    public func removeShare(id: String, owner: String) async throws(UserStateError) -> Bool {
        try await write("revoke a share") { db in
            try db.execute(sql: "DELETE FROM shares WHERE id = ? AND owner = ?", arguments: [id, owner])
            return db.changesCount > 0
        }
    }

    private static func share(_ row: Row) -> Share? {
        guard let content = StoredForm.content(kind: row[3], group: row[4]) else { return nil }
        return Share(id: row[0], tokenHash: row[1], owner: row[2], content: content, createdAt: row[5], expiresAt: row[7],
                     lastFetchedAt: row[6])
    }
}
