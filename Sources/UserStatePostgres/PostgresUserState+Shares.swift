import CampusCore
import CampusIndex
import Foundation
import PostgresNIO

extension PostgresUserState {
    private static let shareColumns = "id, token_hash, owner, content, group_name, created_at, last_fetched_at, expires_at"

    public func addShare(_ share: Share, limit: Int?) async throws(UserStateError) -> Bool {
        try await transaction("keep a share of \(share.owner)", locking: ["shares " + share.owner]) { db in
            if let limit {
                let kept = try await db.count("""
                    SELECT count(*) FROM shares WHERE owner = \(share.owner) AND expires_at > \(share.createdAt.toMillisecond)
                    """)
                guard kept < limit else { return false }
            }
            let (content, group) = StoredForm.columns(of: share.content)
            try await db.execute("""
                INSERT INTO shares (\(unescaped: Self.shareColumns))
                VALUES (\(share.id), \(share.tokenHash), \(share.owner), \(content), \(group), \(share.createdAt.toMillisecond),
                        \(share.lastFetchedAt?.toMillisecond), \(share.expiresAt.toMillisecond))
                """)
            return true
        }
    }

    public func shares(owner: String) async throws(UserStateError) -> [Share] {
        try await run("list the shares of \(owner)") { db in
            try await db.rows("""
                SELECT \(unescaped: Self.shareColumns) FROM shares WHERE owner = \(owner) ORDER BY created_at, id COLLATE "C"
                """).compactMap(Self.share)
        }
    }

    public func share(tokenHash: String) async throws(UserStateError) -> Share? {
        try await run("look up a share") { db in
            try await db.rows("SELECT \(unescaped: Self.shareColumns) FROM shares WHERE token_hash = \(tokenHash)").first.flatMap(Self.share)
        }
    }

    public func markShareFetched(id: String, at now: Date) async throws(UserStateError) {
        try await run("mark a share fetched") { db in
            try await db.execute("UPDATE shares SET last_fetched_at = \(now.toMillisecond) WHERE id = \(id)")
        }
    }

    public func removeEndedShares(at now: Date) async throws(UserStateError) -> Int {
        try await run("remove ended shares") { db in
            try await db.changes("DELETE FROM shares WHERE expires_at <= \(now.toMillisecond) RETURNING 1")
        }
    }

    public func removeShare(id: String, owner: String) async throws(UserStateError) -> Bool {
        try await run("revoke a share") { db in
            try await db.changes("DELETE FROM shares WHERE id = \(id) AND owner = \(owner) RETURNING 1") > 0
        }
    }

    /// The share of a row of ``shareColumns``; `nil` for content this version does not know.
    private static func share(_ row: PostgresRow) throws -> Share? {
        let (id, tokenHash, owner, kind, group, createdAt, lastFetchedAt, expiresAt) =
            try row.decode((String, String, String, String, String?, Date, Date?, Date).self)
        guard let content = StoredForm.content(kind: kind, group: group) else { return nil }
        return Share(
            id: id, tokenHash: tokenHash, owner: owner, content: content, createdAt: createdAt.toMillisecond,
            expiresAt: expiresAt.toMillisecond, lastFetchedAt: lastFetchedAt?.toMillisecond)
    }
}
