import CampusCore
import Foundation
internal import GRDB

extension IndexReader {
    /// The directory's entry for a username (compared without case), without its photo;
    /// `nil` when the directory lacks them, or suppresses them from this read (``SuppressedView``).
    public func directoryPerson(_ username: String) throws -> DirectoryPerson? {
        try directoryEntry(username).flatMap { hides($0) ? nil : $0 }
    }

    /// The directory's JPEG photo of a username, byte for byte; `nil` when there is none,
    /// or the person is suppressed from this read.
    public func directoryPhoto(_ username: String) throws -> [UInt8]? {
        try row(Self.photoSQL, [.text(username)]) { row in (jpeg: row.bytes(0), shown: row.bool(1)) }
            .flatMap { $0.shown ? $0.jpeg : nil }
    }

    /// Whether the directory holds a photo of a username shown to this read, without reading it.
    public func hasDirectoryPhoto(_ username: String) throws -> Bool {
        try row(Self.hasPhotoSQL, [.text(username)]) { $0.bool(0) } ?? false
    }

    /// Whether the directory marks this username suppressed (FERPA): such a person
    /// appears in no search, roster, card or schedule but their own and the registrar's.
    public func isSuppressed(_ username: String) throws -> Bool {
        try row(Self.suppressedSQL, [.text(username)]) { $0.bool(0) } ?? false
    }

    /// Whether the directory suppresses this username from this read (``SuppressedView``).
    public func isHidden(_ username: String) throws -> Bool {
        try directoryEntry(username).map(hides) ?? false
    }

    /// The state of every directory source synced so far, most recently synced first.
    public func directorySyncStates() throws -> [DirectorySyncState] {
        try DirectorySyncRecord.fetchAll(statement(Self.syncStatesSQL)).map { try $0.state(location: location) }
    }

    /// When the index last synced from any directory source; `nil` if never.
    public func lastDirectorySync() throws -> Date? {
        try Date.fetchOne(statement("SELECT MAX(last_sync_at) FROM directory_sync"))
    }

    /// The directory entry of one username, suppressed or not, without photo.
    func directoryEntry(_ username: String) throws -> DirectoryPerson? {
        try cached(.directoryEntry(IndexCache.key(username))) {
            try row(Self.entrySQL, [.text(username)]) { DirectoryPersonRecord.person(row: $0) }
        }
    }

    /// The directory entries of several usernames, suppressed or not, keyed by lower-cased username.
    func directoryEntries(_ usernames: [String]) throws -> [String: DirectoryPerson] {
        guard !usernames.isEmpty else { return [:] }
        let people = try rows(Self.entriesSQL, [.text(SQLList.json(usernames))]) { DirectoryPersonRecord.person(row: $0) }
        return Dictionary(people.map { ($0.username.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static let entrySQL = "SELECT \(DirectoryPersonRecord.selection) FROM directory_people WHERE username = ?"
    private static let entriesSQL = """
        SELECT \(DirectoryPersonRecord.selection) FROM directory_people
        WHERE username IN (SELECT value FROM json_each(?))
        """
    private static let suppressedSQL = "SELECT suppressed FROM directory_people WHERE username = ?"
    private static let photoSQL = """
        SELECT directory_photos.jpeg, \(entryShown())
        FROM directory_photos JOIN directory_people USING (username) WHERE username = ?
        """
    private static let hasPhotoSQL = """
        SELECT EXISTS (SELECT 1 FROM directory_photos JOIN directory_people USING (username)
                       WHERE directory_photos.username = ? AND \(entryShown()))
        """
    private static let syncStatesSQL = "SELECT * FROM directory_sync ORDER BY last_sync_at DESC, source"
}
