import Foundation
internal import GRDB

/// One query of people, with the search's filter conditions where `{filter}` stands,
/// judged on the username in `column`. Its rows start with ``FoundPerson/columns``.
struct PeopleSQL {
    private let head: String
    private let tail: String
    private let column: String
    /// The query without filter, the common case, put together once.
    private let unfiltered: String

    init(_ text: String, filterOn column: String) {
        let parts = text.components(separatedBy: "{filter}")
        (head, tail, self.column) = (parts[0], parts[1], column)
        unfiltered = head + tail
    }

    func sql(_ filter: PeopleFilter) -> String {
        filter.isEmpty ? unfiltered : head + filter.sql(column) + tail
    }
}

extension SearchCollector {
    /// People of the registrar and the directory whose username starts with `prefix`,
    /// in username order, once each.
    func peopleByUsername(prefix: String) throws -> [FoundPerson] {
        let range = PrefixRange(prefix)
        let registrar = try people(Self.registrarByUsername, [.text(range.lower), .text(range.upper)])
        let directory = try people(Self.directoryByUsername, [.text(range.lower), .text(range.upper)])
        guard !directory.isEmpty else { return registrar }
        return Array((registrar + directory).sorted { $0.key < $1.key }.prefix(limit))
    }

    /// People whose phone number ends with these digits (given last first).
    func peopleByPhone(endingWith reversedDigits: String) throws -> [FoundPerson] {
        let range = PrefixRange(reversedDigits)
        return try people(Self.directoryByPhone, [.text(range.lower), .text(range.upper)])
    }

    /// The people a query finds: its `arguments`, then the filter's, then the limit
    /// (this search's unless given; `-1` for none).
    func people(_ query: PeopleSQL, _ arguments: [SQLValue], limit: Int? = nil) throws -> [FoundPerson] {
        let values = arguments + filter.arguments + [.int(limit ?? self.limit)]
        return try reader.rows(query.sql(filter), values) { FoundPerson(row: $0) }.compactMap(\.self)
    }

    /// Everyone not suppressed, to be filtered and sorted: registrar people, then directory people.
    static let everyone = [
        PeopleSQL("""
            SELECT \(FoundPerson.columns) FROM people
            LEFT JOIN directory_people ON directory_people.username = people.username
            WHERE \(IndexReader.entryShown()) {filter} LIMIT ?
            """, filterOn: "people.username"),
        PeopleSQL("""
            SELECT \(FoundPerson.columns) FROM directory_people
            LEFT JOIN people ON people.username = directory_people.username
            WHERE people.username IS NULL AND \(IndexReader.entryShown()) {filter} LIMIT ?
            """, filterOn: "directory_people.username"),
    ]
    private static let registrarByUsername = PeopleSQL("""
        SELECT \(FoundPerson.columns) FROM people
        LEFT JOIN directory_people ON directory_people.username = people.username
        WHERE people.username >= ? AND people.username < ? AND \(IndexReader.entryShown()) {filter}
        ORDER BY people.username LIMIT ?
        """, filterOn: "people.username")
    /// Only those the registrar lacks: the registrar's query finds the others.
    private static let directoryByUsername = PeopleSQL("""
        SELECT \(FoundPerson.columns) FROM directory_people
        LEFT JOIN people ON people.username = directory_people.username
        WHERE directory_people.username >= ? AND directory_people.username < ? AND \(IndexReader.entryShown())
        AND people.username IS NULL {filter}
        ORDER BY directory_people.username LIMIT ?
        """, filterOn: "directory_people.username")
    private static let directoryByPhone = PeopleSQL("""
        SELECT \(FoundPerson.columns) FROM directory_people
        LEFT JOIN people ON people.username = directory_people.username
        WHERE directory_people.phone_digits_reversed >= ? AND directory_people.phone_digits_reversed < ?
        AND \(IndexReader.entryShown()) {filter}
        ORDER BY directory_people.phone_digits_reversed LIMIT ?
        """, filterOn: "directory_people.username")
}
