import CampusCore
import Foundation
import GRDB

extension CampusIndexStore {
    /// The directory's entry for a username (compared without case), without its photo;
    /// `nil` when the directory lacks them, or suppresses them and `includeSuppressed` is false.
    ///
    /// A suppressed (FERPA) person is shown only to themselves: pass `includeSuppressed: true` then.
    public func directoryPerson(_ username: String, includeSuppressed: Bool = false) throws(IndexError) -> DirectoryPerson? {
        try read("read directory person \(username)") { db in
            try directoryEntry(username, db).flatMap { includeSuppressed || !$0.suppressed ? $0 : nil }
        }
    }

    /// The directory's JPEG photo of a username, byte for byte; `nil` when there is none,
    /// or the person is suppressed and `includeSuppressed` is false.
    public func directoryPhoto(_ username: String, includeSuppressed: Bool = false) throws(IndexError) -> [UInt8]? {
        try read("read the photo of \(username)") { db in
            try Row.fetchOne(db.cachedStatement(sql: Self.photoSQL), arguments: [username])
                .flatMap { row in includeSuppressed || !row["suppressed"] ? [UInt8](row["jpeg"] as Data) : nil }
        }
    }

    /// Whether the directory holds a photo of a shown (not suppressed) username, without reading it.
    public func hasDirectoryPhoto(_ username: String) throws(IndexError) -> Bool {
        try read("look for the photo of \(username)") { db in
            try Bool.fetchOne(db.cachedStatement(sql: Self.hasPhotoSQL), arguments: [username]) ?? false
        }
    }

    private static let hasPhotoSQL = """
        SELECT EXISTS (SELECT 1 FROM directory_photos JOIN directory_people USING (username)
                       WHERE directory_photos.username = ? AND NOT directory_people.suppressed)
        """

    /// Whether the directory marks this username suppressed (FERPA): such a person
    /// appears in no search, roster, card or schedule.
    public func isSuppressed(_ username: String) throws(IndexError) -> Bool {
        try read("read the suppression of \(username)") { db in try isSuppressed(username, db) }
    }

    func isSuppressed(_ username: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: Self.suppressedSQL), arguments: [username]) ?? false
    }

    /// The directory entry of one username, suppressed or not, without photo.
    func directoryEntry(_ username: String, _ db: Database) throws -> DirectoryPerson? {
        try Row.fetchOne(db.cachedStatement(sql: Self.entrySQL), arguments: [username]).map(DirectoryPersonRecord.person(row:))
    }

    /// The directory entries of several usernames, suppressed or not, keyed by lower-cased username.
    func directoryEntries(_ usernames: [String], _ db: Database) throws -> [String: DirectoryPerson] {
        guard !usernames.isEmpty else { return [:] }
        let rows = try Row.fetchAll(db.cachedStatement(sql: Self.entriesSQL), arguments: [SQLList.json(usernames)])
        return Dictionary(rows.map { row in
            let person = DirectoryPersonRecord.person(row: row)
            return (person.username.lowercased(), person)
        }, uniquingKeysWith: { first, _ in first })
    }

    private static let entrySQL = "SELECT \(DirectoryPersonRecord.selection) FROM directory_people WHERE username = ?"
    private static let entriesSQL = """
        SELECT \(DirectoryPersonRecord.selection) FROM directory_people
        WHERE username IN (SELECT value FROM json_each(?))
        """
    private static let suppressedSQL = "SELECT suppressed FROM directory_people WHERE username = ?"
    private static let photoSQL = """
        SELECT directory_photos.jpeg, directory_people.suppressed
        FROM directory_photos JOIN directory_people USING (username) WHERE username = ?
        """
}
