import CampusCore
internal import GRDB

extension IndexReader {
    /// Sections of one term with their meetings and instructors: three queries for the
    /// whole batch, whatever its size. Order follows `records`. An instructor the
    /// directory suppresses from this read is left out, as everywhere else; so is a student
    /// from the section's enrolled count, which would otherwise tell a classmate that someone
    /// who opted out is in it (the count the registrar printed less those this read hides).
    func assemble(_ records: [SectionRecord], term: String) throws -> [Section] {
        guard !records.isEmpty else { return [] }
        let ids = SQLList.json(records.map(\.id))
        let hidden = try Dictionary(uniqueKeysWithValues: rows(Self.hiddenEnrolledOfSections, [.text(term), .text(ids)]) {
            ($0.string(0), $0.int(1) ?? 0)
        })
        let meetings = try Dictionary(
            grouping: rows(Self.meetingsOfSections, [.text(term), .text(ids)]) { MeetingRecord(row: $0) }, by: \.section)
        let instructors = try Dictionary(
            grouping: rows(Self.instructorsOfSections, [.text(term), .text(ids)]) { InstructorRecord(row: $0) }, by: \.section)
        return try records.map { record in
            let meetingValues = try (meetings[record.id] ?? []).map { row in
                guard let meeting = row.meeting else {
                    throw IndexError.corrupt(
                        path: location, detail: "a meeting of \(record.id) holds days '\(row.days)' "
                            + "and minutes \(row.startMinute)-\(row.endMinute), which no meeting can have")
                }
                return meeting
            }
            let section = try record.section(
                meetings: meetingValues, instructors: (instructors[record.id] ?? []).map(\.instructor))
            guard var section else {
                throw IndexError.corrupt(path: location, detail: "a section row holds the id '\(record.id)'")
            }
            if let count = hidden[record.id], let enrolled = section.enrolled { section.enrolled = max(0, enrolled - count) }
            return section
        }
    }

    /// The section rows of `term` whose ids are in `ids`, sorted by id.
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
    /// How many students of each section the directory suppresses from this read: found from
    /// the suppressed people (few), through their own enrollments.
    private static let hiddenEnrolledOfSections = """
        SELECT e.section, COUNT(*) FROM directory_people AS d CROSS JOIN enrollments AS e
        ON e.username = d.username AND e.term = ?1
        WHERE d.suppressed AND NOT \(entryShown("d")) AND e.section IN (SELECT value FROM json_each(?2))
        GROUP BY e.section
        """
    private static let instructorsOfSections = """
        SELECT \(InstructorRecord.selection) FROM section_instructors
        WHERE term = ? AND section IN (SELECT value FROM json_each(?)) AND \(notSuppressed("section_instructors.username"))
        ORDER BY section, position
        """
}

/// Lists passed to SQL as one JSON argument (`IN (SELECT value FROM json_each(?))`),
/// so a statement stays the same, and cached, whatever the list's length.
enum SQLList {
    /// `["CSSE474-02","MA474-02"]`, with quotes, backslashes and control characters escaped.
    static func json(_ strings: [String]) -> String {
        var text = "["
        for (index, string) in strings.enumerated() {
            text += index == 0 ? "\"" : ",\""
            // Most strings need no escape and are appended whole.
            if string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                for scalar in string.unicodeScalars {
                    switch scalar {
                    case "\"", "\\": text += "\\" + String(scalar)
                    case _ where scalar.value < 0x20: text += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                    default: text.unicodeScalars.append(scalar)
                    }
                }
            } else {
                text += string
            }
            text += "\""
        }
        return text + "]"
    }
}
