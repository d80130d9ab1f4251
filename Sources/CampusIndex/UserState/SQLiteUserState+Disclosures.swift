import CampusCore
import Foundation
internal import GRDB

extension SQLiteUserState {
    public func recordDisclosures(_ disclosures: [Disclosure]) async throws(UserStateError) {
        guard !disclosures.isEmpty else { return }
        try await write("add to the record of disclosures") { db in
            let statement = try db.cachedStatement(
                sql: "INSERT INTO disclosures (at, viewer, record, subject, term, rule) VALUES (?, ?, ?, ?, ?, ?)")
            for disclosure in disclosures {
                try statement.execute(arguments: [
                    disclosure.at, disclosure.viewer, disclosure.record.rawValue, disclosure.subject, disclosure.term, disclosure.rule,
                ])
            }
        }
    }

    public func disclosures(
        matching query: DisclosureQuery, limit: Int, offset: Int
    ) async throws(UserStateError) -> (items: [Disclosure], total: Int) {
        try await read("read the record of disclosures") { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let viewer = query.viewer {
                conditions.append("viewer = ?")
                arguments += [viewer.lowercased()]
            }
            if let subject = query.subject {
                conditions.append("subject = ? COLLATE NOCASE")
                arguments += [subject]
            }
            if let student = query.concerning {
                // `subject IN (...)` first, so that the subject index finds the rows: a person's
                // subject is their lower-cased username, a roster's its section id.
                let username = student.username.lowercased()
                let sections = Array(Set(student.enrolledIn.map(\.section)))
                conditions.append("subject IN (\(Array(repeating: "?", count: sections.count + 1).joined(separator: ", ")))")
                arguments += [username]
                for section in sections { arguments += [section] }
                var either = ["subject = ?"]
                arguments += [username]
                if !student.enrolledIn.isEmpty {
                    let pairs = Array(repeating: "(?, ?)", count: student.enrolledIn.count).joined(separator: ", ")
                    either.append("(record = 'roster' AND (subject, term) IN (VALUES \(pairs)))")
                    for enrollment in student.enrolledIn { arguments += [enrollment.section, enrollment.term] }
                }
                conditions.append("(" + either.joined(separator: " OR ") + ")")
                conditions.append("viewer <> ?")
                arguments += [username]
            }
            if let since = query.since {
                conditions.append("at >= ?")
                arguments += [since]
            }
            if let until = query.until {
                conditions.append("at < ?")
                arguments += [until]
            }
            let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
            let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM disclosures \(filter)", arguments: arguments) ?? 0
            let items = try Row.fetchAll(
                db, sql: """
                    SELECT sequence, at, viewer, record, subject, term, rule FROM disclosures \(filter)
                    ORDER BY sequence DESC LIMIT ? OFFSET ?
                    """,
                arguments: arguments + [limit, offset]
            ).compactMap { row -> Disclosure? in
                guard let record = Disclosure.Record(rawValue: row[3]) else { return nil }
                return Disclosure(sequence: row[0], at: row[1], viewer: row[2], record: record, subject: row[4], term: row[5], rule: row[6])
            }
            return (items, total)
        }
    }

    public func removeDisclosures(before: Date) async throws(UserStateError) -> Int {
        try await write("remove disclosures past the retention") { db in
            try db.execute(sql: "DELETE FROM disclosures WHERE at < ?", arguments: [before])
            return db.changesCount
        }
    }
}
