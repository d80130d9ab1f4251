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
    /// Their advisor's name as shown, when the index knows the advisor (and does not suppress them).
    public var advisorName: String?
    /// When the index last synced from any directory source; `nil` if never.
    public var directorySyncedAt: Date?
}

extension IndexReader {
    /// A person's card in one statement: their registrar record, directory entry,
    /// whether there is a photo, their advisor's names and when the directory was last
    /// synced; `nil` when unknown to both or suppressed by the directory, as ``person(_:)``.
    ///
    /// Nothing of what they take is read: which terms they have classes in is for the caller
    /// to ask (``terms(for:)``, ``teachingTerms(of:)``) once the policy allows it. A person
    /// the directory suppresses from this read costs what an unknown username costs: the
    /// statement stops at the same check for both.
    public func card(_ username: String) throws -> CardReading? {
        let found = try row(Self.cardSQL, [.text(username)]) { row in
            let extra = Self.extraStart
            let advisor = try row.text(extra + 1).flatMap { advisorUsername in
                try shown(
                    Person(username: advisorUsername, name: row.text(extra + 2)),
                    directory: row.text(extra + 3).map { _ in
                        DirectoryPerson(username: advisorUsername, dn: "", displayName: row.text(extra + 4),
                                        givenName: row.text(extra + 5), familyName: row.text(extra + 6),
                                        suppressed: row.bool(extra + 7))
                    })
            }
            return (registrar: row.text(0).map { _ in PersonRecord(row: row).person },
                    directory: row.text(Self.directoryStart).map { _ in
                        DirectoryPersonRecord.person(row: row, startingAt: Self.directoryStart)
                    },
                    hasPhoto: row.bool(extra), advisorName: advisor?.name, syncedAt: row.text(extra + 8))
        }
        guard let found else { return nil }
        let registrar = try holdersRecord(username, found.registrar)
        guard let person = try shown(registrar, directory: found.directory) else { return nil }
        // An advisor only the registrar names: theirs no longer when either username changed hands.
        // An advisor shown() left out (their username changed hands) has no name on the card.
        let advisorName = person.advisorUsername == nil ? nil : found.advisorName
        return CardReading(
            person: person, directory: found.directory, hasPhoto: found.hasPhoto,
            advisorName: advisorName, directorySyncedAt: try found.syncedAt.map(date))
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
        WHERE (people.username IS NOT NULL OR directory_people.username IS NOT NULL) AND \(notSuppressed("asked.username"))
        """

    /// The terms a person is enrolled in or teaches a section of, newest first.
    func termCodes(of username: String) throws -> [TermCode] {
        try rows(Self.termsOfPersonSQL, [.text(username), .text(try arrivalTerm(username))]) { TermCode($0.string(0)) }.compactMap(\.self)
            .filter { try holds(username, term: $0) }.sorted(by: >)
    }

    /// The terms a person teaches a section of, newest first: what the listings show of
    /// anyone, read without a look at what they take.
    public func teachingTerms(of username: String) throws -> [TermCode] {
        try rows(Self.teachingTermsSQL, [.text(username), .text(try arrivalTerm(username))]) { TermCode($0.string(0)) }.compactMap(\.self)
            .filter { try holds(username, term: $0) }
    }

    private static let termsOfPersonSQL = """
        SELECT term FROM enrollments WHERE username = ?1 AND term > ?2 AND \(HandedOverRows.isHolders("enrollments", role: "student"))
        UNION
        SELECT term FROM section_instructors
        WHERE username = ?1 AND term > ?2 AND \(HandedOverRows.isHolders("section_instructors", role: "instructor"))
        """
    private static let teachingTermsSQL = """
        SELECT DISTINCT term FROM section_instructors
        WHERE username = ?1 AND term > ?2 AND \(HandedOverRows.isHolders("section_instructors", role: "instructor")) ORDER BY term DESC
        """
}
