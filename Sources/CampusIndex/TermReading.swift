import CampusCore
internal import GRDB

/// A term's sections and class lists as the index holds them, read inside a write before it
/// replaces them, for the ``ChangeLog``.
struct TermReading {
    let sections: [Section]
    let enrollments: Set<Enrollment>

    init(_ db: Database, term: TermCode, location: String) throws {
        let reader = IndexReader(db: db, location: location, revealing: .everyone)
        sections = try reader.assemble(reader.sectionRecords(prefix: "", term: term.rawValue, limit: nil), term: term.rawValue)
        enrollments = try Self.enrollments(db, term: term, sections: nil)
    }

    /// The enrollments of `term`, of `sections` only when given.
    static func enrollments(_ db: Database, term: TermCode, sections: Set<SectionID>?) throws -> Set<Enrollment> {
        var found: Set<Enrollment> = []
        for row in try Row.fetchAll(db, sql: "SELECT section, username FROM enrollments WHERE term = ?", arguments: [term.rawValue]) {
            guard let section = SectionID(row[0] as String), sections?.contains(section) ?? true else { continue }
            found.insert(Enrollment(section: section, username: row[1]))
        }
        return found
    }
}
