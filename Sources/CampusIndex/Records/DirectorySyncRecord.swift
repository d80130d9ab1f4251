import CampusCore
import Foundation
internal import GRDB

/// A row of `directory_sync`: where the last good sync of one source stopped.
struct DirectorySyncRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "directory_sync"

    var source: String
    var kind: String
    var lastFullAt: Date?
    var lastSyncAt: Date
    var highWater: String?
    var cookie: Data?
    var entryCount: Int
    var suppressedCount: Int

    enum CodingKeys: String, CodingKey {
        case source, kind, cookie
        case lastFullAt = "last_full_at"
        case lastSyncAt = "last_sync_at"
        case highWater = "high_water"
        case entryCount = "entry_count"
        case suppressedCount = "suppressed_count"
    }

    init(_ state: DirectorySyncState) {
        source = state.source
        kind = state.kind.rawValue
        lastFullAt = state.lastFullAt
        lastSyncAt = state.lastSyncAt
        highWater = state.highWater
        cookie = state.cookie.map { Data($0) }
        entryCount = state.entryCount
        suppressedCount = state.suppressedCount
    }

    /// The stored state; a source kind this version does not know is a damaged row.
    func state(location: String) throws -> DirectorySyncState {
        guard let sourceKind = DirectorySourceKind(rawValue: kind) else {
            throw IndexError.corrupt(path: location, detail: "the directory sync of \(source) holds the source kind '\(kind)'")
        }
        return DirectorySyncState(
            source: source, kind: sourceKind, lastFullAt: lastFullAt,
            lastSyncAt: lastSyncAt, highWater: highWater, cookie: cookie.map { [UInt8]($0) },
            entryCount: entryCount, suppressedCount: suppressedCount)
    }
}
