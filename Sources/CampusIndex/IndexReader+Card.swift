import CampusCore
import Foundation
internal import GRDB

/// Everything a contact card shows of one person, as ``IndexReader/card(_:)`` reads it.
public struct CardReading: Sendable {
    /// The person as shown: the registrar's record with the directory's entry laid over it.
    public var person: Person
    /// The directory's entry, when the directory knows them.
    public var directory: DirectoryPerson?
    /// Whether the directory holds their photo.
    public var hasPhoto: Bool
    /// The terms they have classes in, newest first.
    public var terms: [TermCode]
    /// Their advisor's name as shown, when the index knows the advisor (and does not suppress them).
    public var advisorName: String?
    /// When the index last synced from any directory source; `nil` if never.
    public var directorySyncedAt: Date?
}

extension IndexReader {
    /// A person's card in one statement: their registrar record, directory entry,
    /// whether there is a photo, the terms they have classes in, their advisor's names
    /// and when the directory was last synced; `nil` when unknown to both or suppressed
    /// by the directory, as ``person(_:)``.
    public func card(_ username: String) throws -> CardReading? {
        let found = try row(Self.cardSQL, [.text(username)]) { row in
            let extra = Self.extraStart
            let advisor = row.text(extra + 2).flatMap { advisorUsername in
                shown(
                    Person(username: advisorUsername, name: row.text(extra + 3)),
                    directory: row.text(extra + 4).map { _ in
                        DirectoryPerson(username: advisorUsername, dn: "", displayName: row.text(extra + 5),
                                        givenName: row.text(extra + 6), familyName: row.text(extra + 7),
                                        suppressed: row.bool(extra + 8))
                    })
            }
            return (registrar: row.text(0).map { _ in PersonRecord(row: row).person },
                    directory: row.text(Self.directoryStart).map { _ in
                        DirectoryPersonRecord.person(row: row, startingAt: Self.directoryStart)
                    },
                    hasPhoto: row.bool(extra), terms: row.text(extra + 1), advisorName: advisor?.name,
                    syncedAt: row.text(extra + 9))
        }
        guard let found, let person = shown(found.registrar, directory: found.directory) else { return nil }
        let terms = (found.terms ?? "").split(separator: ",").compactMap { TermCode(String($0)) }.sorted(by: >)
        return CardReading(
            person: person, directory: found.directory, hasPhoto: found.hasPhoto, terms: terms,
            advisorName: found.advisorName, directorySyncedAt: try found.syncedAt.map(date))
    }

    /// A date as the index stores it.
    func date(_ text: String) throws -> Date {
        guard let date = Date.fromDatabaseValue(text.databaseValue) else {
            throw IndexError.corrupt(path: location, detail: "'\(text)' is not a date")
        }
        return date
    }

    private static let directoryStart = PersonRecord.columns.count
    private static let extraStart = directoryStart + DirectoryPersonRecord.columns.count
    private static let cardSQL = """
        SELECT \(FoundPerson.columns),
            EXISTS (SELECT 1 FROM directory_photos WHERE directory_photos.username = asked.username),
            (SELECT group_concat(term) FROM (SELECT term FROM enrollments WHERE username = asked.username
                                             UNION SELECT term FROM section_instructors WHERE username = asked.username)),
            COALESCE(directory_people.advisor_username, people.advisor_username),
            advisor.name, advisor_entry.username, advisor_entry.display_name, advisor_entry.given_name,
            advisor_entry.family_name, advisor_entry.suppressed,
            (SELECT MAX(last_sync_at) FROM directory_sync)
        FROM (SELECT ? AS username) AS asked
        LEFT JOIN people ON people.username = asked.username
        LEFT JOIN directory_people ON directory_people.username = asked.username
        LEFT JOIN people AS advisor
            ON advisor.username = COALESCE(directory_people.advisor_username, people.advisor_username)
        LEFT JOIN directory_people AS advisor_entry
            ON advisor_entry.username = COALESCE(directory_people.advisor_username, people.advisor_username)
        WHERE people.username IS NOT NULL OR directory_people.username IS NOT NULL
        """

    /// The terms a person is enrolled in or teaches a section of, newest first.
    func termCodes(of username: String) throws -> [TermCode] {
        try rows(Self.termsOfPersonSQL, [.text(username)]) { TermCode($0.string(0)) }.compactMap(\.self).sorted(by: >)
    }

    private static let termsOfPersonSQL = """
        SELECT term FROM enrollments WHERE username = ?1
        UNION
        SELECT term FROM section_instructors WHERE username = ?1
        """
}
