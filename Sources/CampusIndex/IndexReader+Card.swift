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
        guard let row = try Row.fetchOne(statement(Self.cardSQL), arguments: [username]) else { return nil }
        let registrar = (row[0] as String?).map { _ in PersonRecord(row: row, startingAt: 0).person }
        let directory = (row[Self.directoryStart] as String?).map { _ in
            DirectoryPersonRecord.person(row: row, startingAt: Self.directoryStart)
        }
        guard let person = Self.shown(registrar, directory: directory) else { return nil }
        let terms = try String.fetchAll(statement(Self.termsOfPersonSQL), arguments: [username, username])
            .compactMap { TermCode($0) }
            .sorted(by: >)
        return CardReading(person: person, directory: directory, hasPhoto: row[Self.photoColumn], terms: terms)
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
    static let termsOfPersonSQL = """
        SELECT term FROM enrollments WHERE username = ?
        UNION
        SELECT term FROM section_instructors WHERE username = ?
        """
}
