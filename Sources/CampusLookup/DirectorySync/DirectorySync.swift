internal import CampusIndex
import CampusCore
internal import Directory
import Foundation

/// What a directory sync did.
public struct DirectorySyncResult: Sendable {
    /// What the commit changed, with the state stored.
    public var report: DirectorySyncReport
    /// Things a person should know: a partial result, attributes the directory lacks, referrals.
    public var warnings: [String]
    /// People the directory returned that were not people for the profile (no username).
    public var skipped: Int
}

extension CampusContext {
    /// `campus sync directory`: reads people from an LDAP server or an LDIF file into
    /// the index, staged and swapped in one transaction.
    ///
    /// The first sync of a source, an LDIF file, `full`, or a profile without a change-time
    /// attribute read everyone and drop people gone from the directory; otherwise only
    /// entries changed since the last sync's high-water mark are read. A sync that fails
    /// midway (server killed, network cut) leaves the index exactly as it was. The blocking
    /// libldap calls run on a thread of their own (``DirectoryThread``), never on the cooperative pool.
    func syncDirectory(
        _ request: DirectorySyncRequest, now: Date,
        progress: @escaping @Sendable (DirectorySyncProgress) -> Void = { _ in }
    ) async throws(CampusError) -> DirectorySyncResult {
        let index = try writableIndex()
        defer { index.foldInWriteAheadLog() }
        let result = try await lookingUp {
            try await DirectoryThread.run {
                var run = try DirectorySyncRun(request: request, index: index, progress: progress)
                return try run.perform(now: now)
            }
        }
        // The sync landed whatever becomes of this: old changes go at the next refresh if not now.
        try? forgetOldChanges(index, now: now)
        return result
    }

    /// When the index last synced from any directory source; `nil` if never (or no index yet).
    func lastDirectorySync() -> Date? {
        try? read { reader in try reader.lastDirectorySync() }
    }
}
