import CampusCore
import CampusIndex
import Foundation
import PostgresNIO

extension PostgresUserState {
    public func recordDisclosures(_ disclosures: [Disclosure]) async throws(UserStateError) {
        guard !disclosures.isEmpty else { return }
        // One statement for them all, in their order: a page of search results, and the
        // disclosures of answers made at once, are one round trip.
        try await disclosureWrites.call(disclosures) { groups throws(GroupFailure) in
            let disclosures = groups.flatMap { $0 }
            let at = disclosures.map { $0.at.toMillisecond.timeIntervalSince1970 }
            let terms = disclosures.map { $0.term ?? "" }
            try await runGrouped("add to the record of disclosures") { db in
                try await db.execute("""
                    INSERT INTO disclosures (at, viewer, record, subject, term, rule)
                    SELECT to_timestamp(at), viewer, record, subject, NULLIF(term, ''), rule
                    FROM unnest(\(at)::float8[], \(disclosures.map(\.viewer))::text[], \(disclosures.map(\.record.rawValue))::text[],
                                \(disclosures.map(\.subject))::text[], \(terms)::text[], \(disclosures.map(\.rule))::text[])
                         WITH ORDINALITY AS given (at, viewer, record, subject, term, rule, position)
                    ORDER BY position
                    """)
            }
            return groups.map { _ in () }
        }
    }

    public func disclosures(
        matching query: DisclosureQuery, limit: Int, offset: Int
    ) async throws(UserStateError) -> (items: [Disclosure], total: Int) {
        var conditions: [String] = []
        var binds = PostgresBindings()
        /// `$N` for `value`, bound.
        func bind(_ value: some PostgresDynamicTypeEncodable) -> String {
            binds.append(value)
            return "$\(binds.count)"
        }
        if let viewer = query.viewer { conditions.append("viewer = \(bind(viewer.lowercased()))") }
        if let subject = query.subject { conditions.append("lower(subject) = lower(\(bind(subject)))") }
        if let student = query.concerning {
            // A person's subject is their lower-cased username, a roster's its section id.
            let username = student.username.lowercased()
            let sections = Array(Set(student.enrolledIn.map(\.section))).sorted()
            let name = bind(username)
            conditions.append("""
                subject = ANY(\(bind([username] + sections))::text[])
                AND (subject = \(name) OR (record = 'roster' AND (subject, term) IN (
                    SELECT * FROM unnest(\(bind(student.enrolledIn.map(\.section)))::text[], \(bind(student.enrolledIn.map(\.term)))::text[]))))
                AND viewer <> \(name)
                """)
        }
        if let since = query.since { conditions.append("at >= \(bind(since.toMillisecond))") }
        if let until = query.until { conditions.append("at < \(bind(until.toMillisecond))") }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let countQuery = PostgresQuery(unsafeSQL: "SELECT count(*) FROM disclosures \(filter)", binds: binds)
        let page = "LIMIT \(bind(Int64(limit))) OFFSET \(bind(Int64(offset)))"
        let listQuery = PostgresQuery(
            unsafeSQL: "SELECT sequence, at, viewer, record, subject, term, rule FROM disclosures \(filter) ORDER BY sequence DESC \(page)",
            binds: binds)
        return try await transaction("read the record of disclosures") { db in
            // The count and the page from one snapshot, as the SQLite store reads them.
            try await db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            let total = try await db.count(countQuery)
            let items = try await db.rows(listQuery).compactMap { row -> Disclosure? in
                let (sequence, at, viewer, record, subject, term, rule) =
                    try row.decode((Int64, Date, String, String, String, String?, String).self)
                guard let record = Disclosure.Record(rawValue: record) else { return nil }
                return Disclosure(sequence: sequence, at: at.toMillisecond, viewer: viewer, record: record, subject: subject, term: term, rule: rule)
            }
            return (items, total)
        }
    }

    public func removeDisclosures(before: Date) async throws(UserStateError) -> Int {
        try await run("remove disclosures past the retention") { db in
            try await db.changes("DELETE FROM disclosures WHERE at < \(before.toMillisecond) RETURNING 1")
        }
    }
}
