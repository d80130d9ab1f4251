import CampusCore
internal import GRDB

extension TermWriter {
    /// Saves how this term describes people, and folds it into each person's
    /// shared record without ever blanking a field.
    ///
    /// The term's own reading is merged with what earlier pages of the same term
    /// said (new facts win). In the shared record the newest term wins: a reading
    /// from an older term than one already seen only fills fields still empty.
    func savePeople(_ people: some Sequence<Person>) throws {
        let seenLater = try usernamesSeenInNewerTerms()
        for person in people.sorted(by: { $0.username < $1.username }) {
            let termKnown = try TermPersonRecord.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM term_people WHERE term = ? AND username = ?"),
                arguments: [term.rawValue, person.username])
            let termReading = termKnown.map { person.filling(from: $0.person) } ?? person
            let record = TermPersonRecord(term: term.rawValue, username: person.username, person: termReading)
            if termKnown == nil {
                try record.insert(db)
            } else if termReading != termKnown?.person {
                try record.update(db)
            }
            try saveShared(person, olderThanKnown: seenLater.contains(person.username.lowercased()))
        }
    }

    private func saveShared(_ person: Person, olderThanKnown: Bool) throws {
        let known = try IndexReader(db: db, location: "").row(
            "SELECT \(PersonRecord.selection()) FROM people WHERE username = ?", [.text(person.username)]
        ) { PersonRecord(row: $0) }
        let merged: Person
        if let known {
            merged = olderThanKnown ? known.person.filling(from: person) : person.filling(from: known.person)
        } else {
            merged = person
        }
        // Unchanged people are not rewritten: a rewrite also churns the name index.
        if known == nil {
            try PersonRecord(merged).insert(db)
        } else if merged != known?.person {
            try PersonRecord(merged).update(db)
        }
    }

    /// Lower-cased usernames that a term newer than this one describes.
    private func usernamesSeenInNewerTerms() throws -> Set<String> {
        let newer = try String.fetchAll(db, sql: "SELECT code FROM terms").filter { TermCode($0).map { $0 > term } ?? false }
        guard !newer.isEmpty else { return [] }
        return try Set(String.fetchAll(
            db, sql: "SELECT DISTINCT username FROM term_people WHERE term IN (SELECT value FROM json_each(?))",
            arguments: [SQLList.json(newer)]
        ).map { $0.lowercased() })
    }
}
