import CampusCore
import Foundation
internal import GRDB

/// The writes shared by replacing and merging a term, inside the caller's transaction.
struct TermWriter {
    let db: Database
    let term: TermCode

    /// Creates or renames the term row and stamps it with `now`.
    func saveTerm(named name: String, now: Date) throws {
        let known = try TermRecord.fetchOne(db, key: term.rawValue)
        try TermRecord(
            code: term.rawValue, name: name, crawledAt: now, sectionCount: known?.sectionCount ?? 0,
            peopleCount: known?.peopleCount ?? 0
        ).save(db)
    }

    /// Stores the term's current numbers of sections and people in its row.
    func refreshCounts() throws {
        try db.execute(
            sql: """
                UPDATE terms SET
                    section_count = (SELECT COUNT(*) FROM sections WHERE term = :term),
                    people_count = (\(Self.peopleCountSQL))
                WHERE code = :term
                """,
            arguments: ["term": term.rawValue])
    }

    /// Counts the distinct people enrolled in or teaching a section of `:term`.
    static let peopleCountSQL = """
        SELECT COUNT(*) FROM (
            SELECT username FROM enrollments WHERE term = :term
            UNION SELECT username FROM section_instructors WHERE term = :term AND username IS NOT NULL)
        """

    /// Makes sure a row exists for each username, without touching rows that do.
    func ensurePeople(_ usernames: some Sequence<String>) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO people (username, affiliation) VALUES (?, ?) ON CONFLICT DO NOTHING
            """)
        for username in Set(usernames).sorted() {
            try statement.execute(arguments: [username, Affiliation.unknown.rawValue])
        }
    }

    /// Writes a section's row, and replaces its meetings and instructors.
    ///
    /// - Parameter isNew: The term holds no such section yet (a swap's, or one a merge did not
    ///   find): its row is inserted, without first trying an update, and nothing of it is deleted.
    func saveSection(_ section: Section, isNew: Bool) throws {
        if isNew {
            try SectionRecord(section, term: term).insert(db)
        } else {
            try SectionRecord(section, term: term).save(db)
            try db.execute(
                sql: "DELETE FROM meetings WHERE term = ? AND section = ?", arguments: [term.rawValue, section.id.rawValue])
            try db.execute(
                sql: "DELETE FROM section_instructors WHERE term = ? AND section = ?",
                arguments: [term.rawValue, section.id.rawValue])
        }
        for (position, meeting) in section.schedule.meetings.enumerated() {
            try MeetingRecord(meeting, term: term, section: section.id, position: position).insert(db)
        }
        try ensurePeople(section.instructors.compactMap(\.username))
        for (position, instructor) in section.instructors.enumerated() {
            try InstructorRecord(instructor, term: term, section: section.id, position: position).insert(db)
        }
    }

    /// Adds enrollments (known ones are kept as they are). An enrollment in a section
    /// that neither the index nor the snapshot holds fails with ``IndexError/invalidSnapshot(term:detail:)``.
    /// Removes every enrollment of `sections`.
    func clearEnrollments(of sections: Set<SectionID>) throws {
        let statement = try db.cachedStatement(sql: "DELETE FROM enrollments WHERE term = ? AND section = ?")
        for section in sections.sorted() { try statement.execute(arguments: [term.rawValue, section.rawValue]) }
    }

    func addEnrollments(_ enrollments: some Sequence<Enrollment>) throws {
        let sorted = enrollments.sorted { ($0.section, $0.username) < ($1.section, $1.username) }
        try ensurePeople(sorted.map(\.username))
        let statement = try db.cachedStatement(sql: """
            INSERT INTO enrollments (term, section, username, banner_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING
            """)
        for enrollment in sorted {
            do {
                try statement.execute(arguments: [term.rawValue, enrollment.section.rawValue, enrollment.username, enrollment.bannerID])
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY {
                throw IndexError.invalidSnapshot(
                    term: term, detail: "it enrols \(enrollment.username) in \(enrollment.section), "
                        + "a section the term does not contain")
            }
        }
    }
}
