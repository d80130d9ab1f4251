import CampusCore
internal import GRDB

extension IndexReader {
    /// Sections of one term with their meetings and instructors, in the order of `records`:
    /// those kept (``IndexCache``) taken as they are, the rest read in three queries for the
    /// whole batch, whatever its size. An instructor the directory suppresses from this read
    /// is left out, as everywhere else; so is a student from the section's enrolled count,
    /// which would otherwise tell a classmate that someone who opted out is in it (the count
    /// the registrar printed less those this read hides).
    func assemble(_ records: [SectionRecord], term: String) throws -> [Section] {
        guard !records.isEmpty else { return [] }
        var entries: [String: IndexCache.SectionEntry] = [:]
        for record in records where entries[record.id] == nil {
            entries[record.id] = try kept(.section(term: term, id: record.id), as: IndexCache.SectionEntry.self)
        }
        var missing: [SectionRecord] = []
        for record in records where entries[record.id] == nil && !missing.contains(where: { $0.id == record.id }) {
            missing.append(record)
        }
        for (record, entry) in zip(missing, try sectionEntries(missing, term: term)) {
            entries[record.id] = entry
            try keep(entry, as: .section(term: term, id: record.id))
        }
        return records.compactMap { entries[$0.id]?.shown(to: revealing) }
    }

    /// The sections of one term with these ids, as this read shows them, by id; ids the term
    /// lacks are left out.
    func sections(_ ids: [String], term: String) throws -> [String: Section] {
        var found: [String: Section] = [:]
        var missing: [String] = []
        for id in Set(ids) {
            if let entry = try kept(.section(term: term, id: id), as: IndexCache.SectionEntry.self) {
                found[id] = entry.shown(to: revealing)
            } else {
                missing.append(id)
            }
        }
        let records = try sectionRecords(missing, term: term)
        for (record, section) in zip(records, try assemble(records, term: term)) { found[record.id] = section }
        return found
    }

    /// Sections as the index holds them, each with who of its instructors and students the
    /// directory suppresses: three queries for the whole batch.
    private func sectionEntries(_ records: [SectionRecord], term: String) throws -> [IndexCache.SectionEntry] {
        guard !records.isEmpty else { return [] }
        let ids = SQLList.json(records.map(\.id))
        let suppressedStudents = try Dictionary(
            grouping: rows(Self.suppressedStudentsOfSections, [.text(term), .text(ids)]) { (section: $0.string(0), username: $0.string(1)) },
            by: \.section)
        let meetings = try Dictionary(
            grouping: rows(Self.meetingsOfSections, [.text(term), .text(ids)]) { MeetingRecord(row: $0) }, by: \.section)
        let instructors = try Dictionary(
            grouping: rows(Self.instructorsOfSections, [.text(term), .text(ids)]) { (record: InstructorRecord(row: $0), suppressed: $0.bool(InstructorRecord.columnCount)) },
            by: \.record.section)
        return try records.map { record in
            let meetingValues = try (meetings[record.id] ?? []).map { (row: MeetingRecord) throws -> Meeting in
                guard let meeting = row.meeting else {
                    throw IndexError.corrupt(
                        path: location, detail: "a meeting of \(record.id) holds days '\(row.days)' "
                            + "and minutes \(row.startMinute)-\(row.endMinute), which no meeting can have")
                }
                return meeting
            }
            let teaching = instructors[record.id] ?? []
            guard let section = try record.section(meetings: meetingValues, instructors: teaching.map(\.record.instructor)) else {
                throw IndexError.corrupt(path: location, detail: "a section row holds the id '\(record.id)'")
            }
            return IndexCache.SectionEntry(
                section: section,
                suppressedInstructors: Set(teaching.filter(\.suppressed).compactMap { $0.record.username.map(IndexCache.key) }),
                suppressedStudents: (suppressedStudents[record.id] ?? []).map { IndexCache.key($0.username) })
        }
    }

    /// Section rows of one term by id, sorted by id.
    func sectionRecords(_ ids: [String], term: String) throws -> [SectionRecord] {
        guard !ids.isEmpty else { return [] }
        return try rows(Self.sectionsByIDs, [.text(term), .text(SQLList.json(ids))]) { try SectionRecord(row: $0) }
    }

    private static let sectionsByIDs = """
        SELECT \(SectionRecord.selection) FROM sections WHERE term = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id
        """
    private static let meetingsOfSections = """
        SELECT \(MeetingRecord.selection) FROM meetings WHERE term = ? AND section IN (SELECT value FROM json_each(?))
        ORDER BY section, position
        """
    /// The students of each section the directory suppresses: found from the suppressed
    /// people (few), through their own enrollments.
    private static let suppressedStudentsOfSections = """
        SELECT e.section, d.username FROM directory_people AS d CROSS JOIN enrollments AS e
        ON e.username = d.username AND e.term = ?1
        WHERE d.suppressed IS 1 AND e.section IN (SELECT value FROM json_each(?2))
        """
    /// Every instructor of each section, and whether the directory suppresses them.
    private static let instructorsOfSections = """
        SELECT \(InstructorRecord.selection),
            EXISTS (SELECT 1 FROM directory_people WHERE directory_people.username = section_instructors.username AND suppressed)
        FROM section_instructors
        WHERE term = ? AND section IN (SELECT value FROM json_each(?))
        ORDER BY section, position
        """
}
