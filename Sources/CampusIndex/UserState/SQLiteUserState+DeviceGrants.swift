import CampusCore
import Foundation
internal import GRDB

extension SQLiteUserState {
    public func addDeviceGrant(_ grant: DeviceGrant) async throws(UserStateError) {
        try await write("keep a log-in of the command line") { db in
            try db.execute(
                sql: "INSERT INTO device_grants (key, user_code, client, started_at, approved_by, denied, polled_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [grant.key, grant.userCode, grant.client, grant.startedAt, grant.approvedBy, grant.denied, grant.polledAt])
        }
    }

    public func deviceGrant(userCode: String, startedAfter: Date) async throws(UserStateError) -> DeviceGrant? {
        try await read("read a log-in of the command line") { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.grantColumns) FROM device_grants WHERE user_code = ? AND started_at >= ?",
                             arguments: [userCode, startedAfter]).map(Self.grant)
        }
    }

    public func answerDeviceGrant(userCode: String, approvedBy: String?, startedAfter: Date) async throws(UserStateError) -> Bool {
        try await write("answer a log-in of the command line") { db in
            try db.execute(
                sql: """
                    UPDATE device_grants SET approved_by = ?, denied = ?
                    WHERE user_code = ? AND started_at >= ? AND approved_by IS NULL AND NOT denied
                    """,
                arguments: [approvedBy, approvedBy == nil, userCode, startedAfter])
            return db.changesCount == 1
        }
    }

    public func pollDeviceGrant(key: String, at: Date, startedAfter: Date) async throws(UserStateError) -> DeviceGrant? {
        try await write("hand out a log-in of the command line") { db in
            guard let grant = try Row.fetchOne(db, sql: "SELECT \(Self.grantColumns) FROM device_grants WHERE key = ? AND started_at >= ?",
                                               arguments: [key, startedAfter]).map(Self.grant)
            else { return nil }
            if grant.isWaiting {
                try db.execute(sql: "UPDATE device_grants SET polled_at = ? WHERE key = ?", arguments: [at, key])
            } else {
                try db.execute(sql: "DELETE FROM device_grants WHERE key = ?", arguments: [key])
            }
            return grant
        }
    }

    public func removeDeviceGrants(before: Date) async throws(UserStateError) -> Int {
        try await write("forget log-ins of the command line never taken") { db in
            try db.execute(sql: "DELETE FROM device_grants WHERE started_at < ?", arguments: [before])
            return db.changesCount
        }
    }

    private static let grantColumns = "key, user_code, client, started_at, approved_by, denied, polled_at"

    private static func grant(_ row: Row) -> DeviceGrant {
        DeviceGrant(key: row[0], userCode: row[1], client: row[2], startedAt: row[3], approvedBy: row[4], denied: row[5], polledAt: row[6])
    }
}
