import CampusCore
import GRDB

extension TermWriter {
    /// Saves how this term describes people, and folds it into each person's
    /// shared record without ever blanking a field.
    ///
    /// The term's own reading is merged with what earlier pages of the same term
    /// said (new facts win). In the shared record the newest term wins: a reading
    /// from an older term than one already seen only fills fields still empty.
    func savePeople(_ people: some Sequence<Person>) throws {
        for person in people.sorted(by: { $0.username < $1.username }) {
            let termKnown = try TermPersonRecord.fetchOne(db, key: ["term": term.rawValue, "username": person.username])
            let termReading = termKnown.map { person.filling(from: $0.person) } ?? person
            if termReading != termKnown?.person {
                try TermPersonRecord(term: term.rawValue, username: person.username, person: termReading).save(db)
            }
            try saveShared(person)
        }
    }

    private func saveShared(_ person: Person) throws {
        let known = try PersonRecord.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM people WHERE username = ?"), arguments: [person.username])
        let merged: Person
        if let known {
            merged = try isSeenInNewerTerm(person.username)
                ? known.person.filling(from: person) : person.filling(from: known.person)
        } else {
            merged = person
        }
        // Unchanged people are not rewritten: a rewrite also churns the name index.
        if merged != known?.person { try PersonRecord(merged).save(db) }
    }

    private func isSeenInNewerTerm(_ username: String) throws -> Bool {
        try String.fetchAll(
            db.cachedStatement(sql: "SELECT term FROM term_people WHERE username = ? AND term != ?"),
            arguments: [username, term.rawValue]
        ).contains { TermCode($0).map { $0 > term } ?? false }
    }
}
