import CampusCore
import Foundation
internal import GRDB

extension TermStore {
    /// Replaces everything the index holds for a term with a freshly crawled snapshot,
    /// in one transaction: readers see the old term until the new one is complete.
    ///
    /// The new term is written over the old one inside a single SQLite transaction
    /// (the uncommitted transaction is the staging area); any failure rolls it back
    /// and leaves the previous term exactly as it was.
    ///
    /// - Parameters:
    ///   - snapshot: The whole term. Every enrollment must name one of its sections;
    ///     otherwise nothing is written and ``IndexError/invalidSnapshot(term:detail:)`` is thrown.
    ///   - force: Accept a snapshot with fewer than half the sections, or half the enrollments,
    ///     the index holds for the term (rosters the registrar stopped showing, say); without it
    ///     that is refused with ``IndexError/suspiciousShrink(term:before:after:what:)``.
    ///   - keepingEnrollments: The crawl reads no class lists (Banner, whose come from the
    ///     enrollment extract): the students of each section the snapshot still has stay, with
    ///     the term's reading of them, and count towards the enrollments after.
    ///   - recordingChanges: Write what changed to the ``ChangeLog`` (not for a re-reading of
    ///     stored pages, which tells of no change at the registrar).
    ///   - now: When the crawl happened.
    /// - Returns: What changed. People are shared by every term and only ever added
    ///   or filled in, never removed by a swap. Each change to a section the term held
    ///   before is written to the ``ChangeLog`` in the same transaction.
    @discardableResult
    public func replace(
        _ snapshot: TermSnapshot, force: Bool, keepingEnrollments: Bool = false, recordingChanges: Bool = true, now: Date
    ) throws(IndexError) -> TermSwapReport {
        let code = snapshot.term.code
        return try database.write("replace term \(code)") { db in
            let before = try TermContents(db, term: code)
            let reading = recordingChanges ? try TermReading(db, term: code, location: database.location) : nil
            let after = snapshot.sections.count
            if !force, after * 2 < before.sections.count {
                throw IndexError.suspiciousShrink(term: code, before: before.sections.count, after: after)
            }
            let kept = keepingEnrollments ? try KeptStudents(db, term: code, sections: Set(snapshot.sections.keys)) : KeptStudents()
            let enrollments = snapshot.enrollments.union(kept.enrollments)
            if !force, enrollments.count * 2 < before.enrollments.count {
                throw IndexError.suspiciousShrink(
                    term: code, before: before.enrollments.count, after: enrollments.count, what: "enrollments")
            }
            try db.execute(sql: "DELETE FROM sections WHERE term = ?", arguments: [code.rawValue])
            try db.execute(sql: "DELETE FROM term_people WHERE term = ?", arguments: [code.rawValue])
            let writer = TermWriter(db: db, term: code)
            try writer.saveTerm(named: snapshot.term.name, now: now)
            try writer.savePeople(snapshot.people.values)
            for section in snapshot.sections.values.sorted(by: { $0.id < $1.id }) {
                try writer.saveSection(section, isNew: true)
            }
            try kept.restoreReadings(db, term: code)
            try writer.addEnrollments(enrollments)
            try writer.refreshCounts()
            try InstructorEmails.link(db)
            if let reading, !reading.sections.isEmpty {
                // Read back as written (instructors matched by e-mail), as the one before was.
                let written = try TermReading(db, term: code, location: database.location)
                let changes = SectionChanges.between(
                    before: reading.sections, after: written.sections, enrolledBefore: reading.enrollments,
                    enrolledAfter: written.enrollments, term: code)
                try ChangeLog.record(db, source: .registrar, term: code, changes: changes, now: now)
            }
            return try before.report(comparedWith: TermContents(db, term: code))
        }
    }
}

/// The students a swap keeps when its crawl reads no class lists: their enrollments in the
/// sections the new snapshot still has, and the term's reading of each of them (`term_people`).
private struct KeptStudents {
    var enrollments: Set<Enrollment> = []
    var readings: [(username: String, person: String)] = []

    init() {}

    init(_ db: Database, term: TermCode, sections: Set<SectionID>) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT section, username, banner_id FROM enrollments WHERE term = ?", arguments: [term.rawValue])
        for row in rows {
            guard let section = SectionID(row[0] as String), sections.contains(section) else { continue }
            enrollments.insert(Enrollment(section: section, username: row[1], bannerID: row[2]))
        }
        let usernames = Set(enrollments.map { $0.username.lowercased() })
        readings = try Row.fetchAll(db, sql: "SELECT username, person FROM term_people WHERE term = ?", arguments: [term.rawValue])
            .map { (username: $0[0] as String, person: $0[1] as String) }
            .filter { usernames.contains($0.username.lowercased()) }
    }

    /// Writes the kept readings back after the term's were cleared (a crawl's own reading of a person wins).
    func restoreReadings(_ db: Database, term: TermCode) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO term_people (term, username, person) VALUES (?, ?, ?) ON CONFLICT DO NOTHING
            """)
        for reading in readings { try statement.execute(arguments: [term.rawValue, reading.username, reading.person]) }
    }
}

/// What the index holds for one term, to compare before and after a swap.
private struct TermContents {
    let term: TermCode
    let sections: Set<String>
    let enrollments: Set<String>
    let people: Int

    init(_ db: Database, term: TermCode) throws {
        self.term = term
        sections = try Set(String.fetchAll(db, sql: "SELECT id FROM sections WHERE term = ?", arguments: [term.rawValue]))
        enrollments = try Set(String.fetchAll(
            db, sql: "SELECT section || ' ' || username FROM enrollments WHERE term = ?", arguments: [term.rawValue]))
        people = try Int.fetchOne(db, sql: TermWriter.peopleCountSQL, arguments: ["term": term.rawValue]) ?? 0
    }

    func report(comparedWith after: TermContents) -> TermSwapReport {
        TermSwapReport(
            term: term, sectionsBefore: sections.count, sectionsAfter: after.sections.count,
            peopleBefore: people, peopleAfter: after.people,
            enrollmentsBefore: enrollments.count, enrollmentsAfter: after.enrollments.count,
            sectionsAdded: after.sections.subtracting(sections).count,
            sectionsRemoved: sections.subtracting(after.sections).count,
            enrollmentsAdded: after.enrollments.subtracting(enrollments).count,
            enrollmentsRemoved: enrollments.subtracting(after.enrollments).count)
    }
}
