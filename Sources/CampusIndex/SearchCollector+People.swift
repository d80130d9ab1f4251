import Foundation
import GRDB

/// One query of usernames over one table of people, with the search's filter
/// conditions where `{filter}` stands, on the username in `column`.
struct PeopleSQL {
    let text: String
    let column: String

    func sql(_ filter: PeopleFilter) -> String {
        text.replacingOccurrences(of: "{filter}", with: filter.sql(column))
    }
}

extension SearchCollector {
    /// Usernames of the registrar and the directory starting with `prefix`, in username order.
    func peopleByUsername(prefix: String) throws -> [String] {
        let range = PrefixRange(prefix)
        let found = try usernames(Self.registrarByUsername, [range.lower, range.upper])
            + usernames(Self.directoryByUsername, [range.lower, range.upper])
        return Array(found.sorted { $0.lowercased() < $1.lowercased() }.prefix(limit))
    }

    /// Usernames of people whose phone number ends with these digits (given last first).
    func peopleByPhone(endingWith reversedDigits: String) throws -> [String] {
        let range = PrefixRange(reversedDigits)
        return try usernames(Self.directoryByPhone, [range.lower, range.upper])
    }

    /// The usernames a query finds: its `arguments`, then the filter's, then the limit
    /// (this search's unless given; `-1` for none).
    func usernames(_ query: PeopleSQL, _ arguments: StatementArguments, limit: Int? = nil) throws -> [String] {
        try String.fetchAll(
            db.cachedStatement(sql: query.sql(filter)), arguments: arguments + filter.arguments + [limit ?? self.limit])
    }

    /// Everyone not suppressed, to be filtered and sorted: registrar people, then directory people.
    static let everyone = [
        PeopleSQL(text: "SELECT username FROM people WHERE \(notSuppressed) {filter} LIMIT ?", column: "people.username"),
        PeopleSQL(
            text: "SELECT username FROM directory_people WHERE NOT suppressed {filter} LIMIT ?",
            column: "directory_people.username"),
    ]
    static let registrarByName = PeopleSQL(
        text: """
            SELECT people.username FROM people_fts JOIN people ON people.rowid = people_fts.rowid
            WHERE people_fts MATCH ? AND \(notSuppressed) {filter} ORDER BY people_fts.rowid LIMIT ?
            """,
        column: "people.username")
    static let directoryByName = PeopleSQL(
        text: """
            SELECT directory_people.username FROM directory_fts
            JOIN directory_people ON directory_people.rowid = directory_fts.rowid
            WHERE directory_fts MATCH ? AND NOT directory_people.suppressed {filter}
            ORDER BY directory_fts.rowid LIMIT ?
            """,
        column: "directory_people.username")
    private static let registrarByUsername = PeopleSQL(
        text: """
            SELECT username FROM people WHERE username >= ? AND username < ? AND \(notSuppressed) {filter}
            ORDER BY username LIMIT ?
            """,
        column: "people.username")
    private static let directoryByUsername = PeopleSQL(
        text: """
            SELECT username FROM directory_people WHERE username >= ? AND username < ? AND NOT suppressed {filter}
            ORDER BY username LIMIT ?
            """,
        column: "directory_people.username")
    private static let directoryByPhone = PeopleSQL(
        text: """
            SELECT username FROM directory_people
            WHERE phone_digits_reversed >= ? AND phone_digits_reversed < ? AND NOT suppressed {filter}
            ORDER BY phone_digits_reversed LIMIT ?
            """,
        column: "directory_people.username")
    private static let notSuppressed = CampusIndexStore.notSuppressed("people.username")
}
