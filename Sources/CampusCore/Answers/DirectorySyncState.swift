#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the last good sync of one directory source stopped, so the next one can
/// resume from there (and messages can say "last good sync at ...").
public struct DirectorySyncState: Hashable, Codable, Sendable {
    /// The source: an LDAP URL with its base DN, or an LDIF file's path.
    public var source: String
    /// What the source is.
    public var kind: DirectorySourceKind
    /// When the last full sync committed; `nil` before the first.
    public var lastFullAt: Date?
    /// When the last sync, full or incremental, committed.
    public var lastSyncAt: Date
    /// The highest `modifyTimestamp` seen (the server's clock, LDAP generalized time).
    public var highWater: String?
    /// The RFC 4533 sync cookie, when the server supports content synchronization.
    public var cookie: [UInt8]?
    /// People in the directory after the sync, suppressed ones included.
    public var entryCount: Int
    /// Suppressed (FERPA) people among them.
    public var suppressedCount: Int

    /// Creates a state.
    public init(
        source: String, kind: DirectorySourceKind, lastFullAt: Date? = nil, lastSyncAt: Date,
        highWater: String? = nil, cookie: [UInt8]? = nil, entryCount: Int = 0, suppressedCount: Int = 0
    ) {
        self.source = source
        self.kind = kind
        self.lastFullAt = lastFullAt
        self.lastSyncAt = lastSyncAt
        self.highWater = highWater
        self.cookie = cookie
        self.entryCount = entryCount
        self.suppressedCount = suppressedCount
    }
}
