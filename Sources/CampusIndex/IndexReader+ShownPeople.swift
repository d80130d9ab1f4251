import CampusCore
internal import GRDB

/// People as every read shows them: the registrar's reading with the directory's
/// entry laid over it, and nobody the directory suppresses but those the read
/// reveals (``SuppressedView``: the person themselves, or everyone to the registrar).
extension IndexReader {
    /// The registrar's (or a term's) reading with the directory's entry laid over it
    /// (``CampusCore/Person/merged(with:)``), the directory's alone when the registrar
    /// lacks them; `nil` when neither knows them or the directory suppresses them from this read.
    /// An advisor only the registrar names, whose username changed hands since, is left out.
    func shown(_ registrar: Person?, directory: DirectoryPerson?) throws -> Person? {
        if let directory, hides(directory) { return nil }
        guard let person = directory.map({ directory in registrar.map { $0.merged(with: directory) } ?? Person(directory) }) ?? registrar else {
            return nil
        }
        return try withoutFormerAdvisor(person, directory: directory)
    }

    /// Whether this read leaves out the person of a directory entry.
    func hides(_ entry: DirectoryPerson) -> Bool {
        entry.suppressed && !revealing.reveals(entry.username)
    }

    /// The people found as shown, in order, once each (without case); suppressed ones left out.
    func shownPeople(_ found: [FoundPerson]) throws -> [Person] {
        var seen: Set<String> = []
        return try found.compactMap { person in
            guard seen.insert(person.key).inserted else { return nil }
            return try shown(try holdersRecord(person.key, person.registrar), directory: person.directory)
        }
    }

    /// SQL true when the directory does not suppress the username in `column` from this
    /// read: one primary-key probe per row the query reaches, and a look at the read's
    /// revealed people only for a suppressed one.
    ///
    /// - Parameter column: qualified by its table (`people.username`): a bare `username`
    ///   would name the subquery's own column, and the check would hold for nobody's sake.
    static func notSuppressed(_ column: String) -> String {
        precondition(column.contains("."), "notSuppressed needs a qualified column, not '\(column)'")
        return "NOT EXISTS (SELECT 1 FROM directory_people WHERE directory_people.username = \(column) AND suppressed AND NOT \(revealed(column)))"
    }

    /// ``notSuppressed(_:)`` of a username bound to the statement as `parameter` (`?1`).
    static func notSuppressed(parameter: String) -> String {
        "NOT EXISTS (SELECT 1 FROM directory_people WHERE directory_people.username = \(parameter) AND suppressed AND NOT \(revealed(parameter)))"
    }

    /// SQL true when the `directory_people` row joined as `table` (or its absence) does not
    /// hide its person from this read.
    static func entryShown(_ table: String = "directory_people") -> String {
        "(\(table).suppressed IS NOT 1 OR \(revealed("\(table).username")))"
    }

    /// SQL true when this read reveals the suppressed username in `column` (``SuppressedView``).
    private static func revealed(_ column: String) -> String {
        "EXISTS (SELECT 1 FROM temp.revealed WHERE temp.revealed.username IN ('*', lower(\(column))))"
    }
}

/// A person a search query found, with everything shown of them: the registrar's
/// record and the directory's entry, as far as each knows them, read by the same
/// query (a select of ``columns``, the people's and the directory's columns of the
/// row's username, each `NULL` where that side lacks the person).
struct FoundPerson {
    let registrar: Person?
    let directory: DirectoryPerson?
    /// The username lower-cased, as people are told apart.
    let key: String

    /// `people`'s columns, then `directory_people`'s, for a select list joining both.
    static let columns = PersonRecord.selection(in: "people") + ", "
        + DirectoryPersonRecord.columns.map { "directory_people.\($0)" }.joined(separator: ", ")

    /// The person in ``columns``, from column `start` of a row; `nil` when neither side knows them.
    init?(row: some ColumnValues, startingAt start: Int = 0) {
        let directoryStart = start + PersonRecord.columns.count
        registrar = row.text(start).map { _ in PersonRecord(row: row, startingAt: start).person }
        directory = row.text(directoryStart).map { _ in DirectoryPersonRecord.person(row: row, startingAt: directoryStart) }
        guard let username = registrar?.username ?? directory?.username else { return nil }
        key = username.lowercased()
    }
}
