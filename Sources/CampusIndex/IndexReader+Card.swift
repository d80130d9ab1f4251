import CampusCore
import GRDB

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
}

extension IndexReader {
    /// A person's card in two statements: their registrar record, directory entry and
    /// whether there is a photo in one, their terms in the other; `nil` when unknown
    /// to both or suppressed by the directory, as ``person(_:)``.
    public func card(_ username: String) throws -> CardReading? {
        let found = try row(Self.cardSQL, [.text(username)]) { row in
            (registrar: row.text(0).map { _ in PersonRecord(row: row).person },
             directory: row.text(Self.directoryStart).map { _ in DirectoryPersonRecord.person(row: row, startingAt: Self.directoryStart) },
             hasPhoto: row.bool(Self.photoColumn))
        }
        guard let found, let person = Self.shown(found.registrar, directory: found.directory) else { return nil }
        return CardReading(person: person, directory: found.directory, hasPhoto: found.hasPhoto, terms: try termCodes(of: username))
    }

    private static let directoryStart = PersonRecord.columns.count
    private static let photoColumn = directoryStart + DirectoryPersonRecord.columns.count
    private static let cardSQL = """
        SELECT \(PersonRecord.columns.map { "people.\($0)" }.joined(separator: ", ")),
            \(DirectoryPersonRecord.columns.map { "directory_people.\($0)" }.joined(separator: ", ")),
            EXISTS (SELECT 1 FROM directory_photos WHERE directory_photos.username = asked.username)
        FROM (SELECT ? AS username) AS asked
        LEFT JOIN people ON people.username = asked.username
        LEFT JOIN directory_people ON directory_people.username = asked.username
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
