import CampusCore
import CampusIndex
import Foundation
import PostgresNIO

extension PostgresUserState {
    public func addDeviceGrant(_ grant: DeviceGrant) async throws(UserStateError) {
        try await run("keep a log-in of the command line") { db in
            try await db.execute("""
                INSERT INTO device_grants (key, user_code, client, started_at, approved_by, denied, polled_at)
                VALUES (\(grant.key), \(grant.userCode), \(grant.client), \(grant.startedAt.toMillisecond), \(grant.approvedBy), \(grant.denied),
                        \(grant.polledAt?.toMillisecond))
                """)
        }
    }

    public func deviceGrant(userCode: String, startedAfter: Date) async throws(UserStateError) -> DeviceGrant? {
        try await run("read a log-in of the command line") { db in
            try await db.rows("""
                SELECT key, user_code, client, started_at, approved_by, denied, polled_at FROM device_grants
                WHERE user_code = \(userCode) AND started_at >= \(startedAfter.toMillisecond)
                """).first.map(Self.grant)
        }
    }

    public func answerDeviceGrant(userCode: String, approvedBy: String?, startedAfter: Date) async throws(UserStateError) -> Bool {
        try await run("answer a log-in of the command line") { db in
            try await db.changes("""
                UPDATE device_grants SET approved_by = \(approvedBy), denied = \(approvedBy == nil)
                WHERE user_code = \(userCode) AND started_at >= \(startedAfter.toMillisecond) AND approved_by IS NULL AND NOT denied
                RETURNING 1
                """) == 1
        }
    }

    public func pollDeviceGrant(key: String, at: Date, startedAfter: Date) async throws(UserStateError) -> DeviceGrant? {
        try await transaction("hand out a log-in of the command line") { db in
            guard let grant = try await db.rows("""
                SELECT key, user_code, client, started_at, approved_by, denied, polled_at FROM device_grants
                WHERE key = \(key) AND started_at >= \(startedAfter.toMillisecond) FOR UPDATE
                """).first.map(Self.grant)
            else { return nil }
            if grant.isWaiting {
                try await db.execute("UPDATE device_grants SET polled_at = \(at.toMillisecond) WHERE key = \(key)")
            } else {
                try await db.execute("DELETE FROM device_grants WHERE key = \(key)")
            }
            return grant
        }
    }

    public func removeDeviceGrants(before: Date) async throws(UserStateError) -> Int {
        try await run("forget log-ins of the command line never taken") { db in
            try await db.changes("DELETE FROM device_grants WHERE started_at < \(before.toMillisecond) RETURNING 1")
        }
    }

    private static func grant(_ row: PostgresRow) throws -> DeviceGrant {
        let (key, userCode, client, startedAt, approvedBy, denied, polledAt) = try row.decode((String, String, String, Date, String?, Bool, Date?).self)
        return DeviceGrant(key: key, userCode: userCode, client: client, startedAt: startedAt.toMillisecond, approvedBy: approvedBy, denied: denied,
                           polledAt: polledAt?.toMillisecond)
    }
}
