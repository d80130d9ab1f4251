import Foundation
import GRDB

/// One query of people over one table, with the search's filter conditions where
/// `{filter}` stands: over `people` it reads whole records, over `directory_people`
/// usernames (their entries are read in one batch for the hits kept).
struct PeopleSQL {
    /// Whether rows are `people.*` rather than a username.
    let readsRegistrar: Bool
    private let head: String
    private let tail: String
    /// The query without filter, the common case, put together once.
    private let unfiltered: String

    /// A query of `people.*`.
    init(registrar text: String) { self.init(text, readsRegistrar: true) }

    /// A query of `directory_people.username`.
    init(directory text: String) { self.init(text, readsRegistrar: false) }

    private init(_ text: String, readsRegistrar: Bool) {
        let parts = text.components(separatedBy: "{filter}")
        (self.readsRegistrar, head, tail) = (readsRegistrar, parts[0], parts[1])
        unfiltered = head + tail
    }

    func sql(_ filter: PeopleFilter) -> String {
        filter.isEmpty ? unfiltered : head + filter.sql(readsRegistrar ? "people.username" : "directory_people.username") + tail
    }
}

extension SearchCollector {
    /// People of the registrar and the directory whose username starts with `prefix`,
    /// in username order, once each.
    func peopleByUsername(prefix: String) throws -> [FoundPerson] {
        let range = PrefixRange(prefix)
        let registrar = try people(Self.registrarByUsername, [range.lower, range.upper])
        let directory = try people(Self.directoryByUsername, [range.lower, range.upper])
        guard !directory.isEmpty else { return registrar }
        return Array((registrar + directory).sorted { $0.key < $1.key }.prefix(limit))
    }

    /// People whose phone number ends with these digits (given last first).
    func peopleByPhone(endingWith reversedDigits: String) throws -> [FoundPerson] {
        let range = PrefixRange(reversedDigits)
        return try people(Self.directoryByPhone, [range.lower, range.upper])
    }

    /// The people a query finds: its `arguments`, then the filter's, then the limit
    /// (this search's unless given; `-1` for none).
    func people(_ query: PeopleSQL, _ arguments: StatementArguments, limit: Int? = nil) throws -> [FoundPerson] {
        if directoryIsEmpty, !query.readsRegistrar { return [] }
        let statement = try reader.statement(query.sql(filter))
        let arguments = arguments + filter.arguments + [limit ?? self.limit]
        if query.readsRegistrar {
            return try PersonRecord.fetchAll(statement, arguments: arguments).map { FoundPerson(registrar: $0.person) }
        }
        return try String.fetchAll(statement, arguments: arguments).map { FoundPerson(username: $0) }
    }

    /// Everyone not suppressed, to be filtered and sorted: registrar people, then directory people.
    static let everyone = [
        PeopleSQL(registrar: "SELECT * FROM people WHERE \(notSuppressed) {filter} LIMIT ?"),
        PeopleSQL(directory: "SELECT username FROM directory_people WHERE NOT suppressed {filter} LIMIT ?"),
    ]
    static let registrarByName = PeopleSQL(registrar: """
        SELECT people.* FROM people_fts JOIN people ON people.rowid = people_fts.rowid
        WHERE people_fts MATCH ? AND \(notSuppressed) {filter} ORDER BY people_fts.rowid LIMIT ?
        """)
    static let directoryByName = PeopleSQL(directory: """
        SELECT directory_people.username FROM directory_fts
        JOIN directory_people ON directory_people.rowid = directory_fts.rowid
        WHERE directory_fts MATCH ? AND NOT directory_people.suppressed {filter}
        ORDER BY directory_fts.rowid LIMIT ?
        """)
    private static let registrarByUsername = PeopleSQL(registrar: """
        SELECT * FROM people WHERE username >= ? AND username < ? AND \(notSuppressed) {filter}
        ORDER BY username LIMIT ?
        """)
    /// Only those the registrar lacks: the registrar's query finds the others.
    private static let directoryByUsername = PeopleSQL(directory: """
        SELECT username FROM directory_people WHERE username >= ? AND username < ? AND NOT suppressed
        AND NOT EXISTS (SELECT 1 FROM people WHERE people.username = directory_people.username) {filter}
        ORDER BY username LIMIT ?
        """)
    private static let directoryByPhone = PeopleSQL(directory: """
        SELECT username FROM directory_people
        WHERE phone_digits_reversed >= ? AND phone_digits_reversed < ? AND NOT suppressed {filter}
        ORDER BY phone_digits_reversed LIMIT ?
        """)
    private static let notSuppressed = IndexReader.notSuppressed("people.username")
}
