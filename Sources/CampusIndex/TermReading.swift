import CampusCore
internal import GRDB

/// A term's sections and class lists as the index holds them, read inside a write before and
/// after it replaces them, for the ``ChangeLog``. Read as lookups show them: an instructor the
/// directory suppresses is left out, so the log (which members read) never names one.
struct TermReading {
    let sections: [Section]
    let enrollments: Set<Enrollment>

    init(_ db: Database, term: TermCode, location: String) throws {
        sections = try Self.sections(db, term: term, ids: nil, location: location)
        enrollments = try Self.enrollments(db, term: term, sections: nil)
    }

    /// The sections of `term` (those of `ids` only, when given), as lookups show them.
    static func sections(_ db: Database, term: TermCode, ids: [String]?, location: String) throws -> [Section] {
        let reader = IndexReader(db: db, location: location)
        let records = try ids.map { try reader.sectionRecords($0, term: term.rawValue) }
            ?? reader.sectionRecords(prefix: "", term: term.rawValue, limit: nil)
        return try reader.assemble(records, term: term.rawValue)
    }

    /// The enrollments of `term`, of `sections` only when given.
    static func enrollments(_ db: Database, term: TermCode, sections: Set<SectionID>?) throws -> Set<Enrollment> {
        var found: Set<Enrollment> = []
        for row in try Row.fetchAll(db, sql: "SELECT section, username, banner_id FROM enrollments WHERE term = ?", arguments: [term.rawValue]) {
            guard let section = SectionID(row[0] as String), sections?.contains(section) ?? true else { continue }
            found.insert(Enrollment(section: section, username: row[1], bannerID: row[2]))
        }
        return found
    }
}
