import CampusCore
import Foundation

/// Reads the roster CSV download: a title line (`"Course Roster for CSSE220-01 (Title)"`),
/// `key=value` lines (term, instructor, credits, schedule), a column header row, then one row per student.
///
/// Its schedule uses clock hours: `MWF/1-2/O157` is 13:00-14:50.
struct RosterCSVReader {
    let definition: RegistrarDefinition
    let source: String

    private var layout: RosterCSVLayout { definition.rosterCSV }

    /// Whether `bytes` start like a roster CSV (after white space and a byte-order mark).
    func recognises(_ bytes: [UInt8]) -> Bool {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        body = body.drop(while: PageEncoding.isSpace)
        if body.first == UInt8(ascii: "\"") { body = body.dropFirst() }
        let prefix = Array(layout.titlePrefix.lowercased().utf8)
        return body.prefix(prefix.count).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 } == prefix
    }

    func read(_ bytes: [UInt8]) throws(PageReadError) -> ParsedPage {
        let lines = try CSVLines(file: bytes, source: source)
        // The registrar's fields never hold a line break: one that does is a quote missing or one too many.
        if let line = lines.firstBrokenField {
            throw .cutShort(source: source, line: line, reason: "a quoted field runs on over a line break: a quote is missing or extra")
        }
        let rawRows = lines.rows.map(\.fields)
        let rows = rawRows.map { $0.map { PageText.normalise(Array($0.utf8)) } }
        let heading = rows.first?.first ?? ""
        let titled = String(heading.dropFirst(layout.titlePrefix.count))
        guard let idText = titled.split(separator: " ").first, let id = SectionID(idText) else {
            throw .layoutChanged(source: source, locator: "roster CSV title line '\(layout.titlePrefix)SECTION (Title)'",
                                 detail: "'\(heading)' names no section id")
        }
        // The column header row comes after the title line, even when the title line names the columns too.
        guard let headerIndex = rows.indices.dropFirst().first(where: { layout.columns.fits(headers: rows[$0]) }) else {
            if !lines.endsWithLineBreak {
                throw .cutShort(source: source, line: lines.rows.last?.line ?? 1, reason: "the file ends before its column header row")
            }
            throw .layoutChanged(source: source, locator: "roster CSV column header row",
                                 detail: "no line has the column \(layout.columns.missing(in: []).joined(separator: ", "))")
        }
        var page = ParsedPage(source: source, kind: .rosterCSV, heading: heading, lookup: id.rawValue)
        let values = keyValues(rawRows[1..<headerIndex])
        if let termName = values[.term] {
            if let code = definition.termScheme.code(named: termName) {
                page.term = Term(code: code, name: termName)
            } else {
                page.warnings.append(ScrapeWarning(source: source, message: "the term '\(termName)' does not fit the term-code scheme"))
            }
        }
        let section = section(id: id, title: titled, values: values, warnings: &page.warnings)
        page.sections = [section]
        let studentRows = (headerIndex + 1)..<rows.count
        for index in studentRows where rows[index].count != rows[headerIndex].count {
            let isLast = index == rows.count - 1
            throw .cutShort(
                source: source, line: lines.rows[index].line,
                reason: "a student row with \(rows[index].count) of the \(rows[headerIndex].count) columns"
                    + (isLast && !lines.endsWithLineBreak ? ", where the file ends" : ""))
        }
        page.roster = students(studentRows.map { (line: lines.rows[$0].line, fields: rows[$0]) }, headers: rows[headerIndex], warnings: &page.warnings)
        if let enrolled = section.enrolled, enrolled != page.roster.count {
            page.warnings.append(ScrapeWarning(
                source: source, section: id.rawValue,
                message: "the file says \(enrolled) students but lists \(page.roster.count); the roster is what it lists"))
        }
        return page
    }

    /// `Term=Fall 2026-2027  Instructor=valer  Credits=4` -> values by key (pairs split at two or more
    /// spaces, so these lines are read before spaces are squeezed).
    private func keyValues(_ rows: ArraySlice<[String]>) -> [RosterCSVKey: String] {
        var values: [RosterCSVKey: String] = [:]
        for row in rows {
            let raw = row.joined(separator: ",")
            for pair in raw.components(separatedBy: "  ") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, let key = layout.keys[String(parts[0].trimmedSpaces)] else { continue }
                values[key] = PageText.normalise(Array(parts[1].utf8))
            }
        }
        return values
    }

    private func section(id: SectionID, title: String, values: [RosterCSVKey: String], warnings: inout [ScrapeWarning]) -> Section {
        func number(_ key: RosterCSVKey) -> Int? {
            guard let text = values[key], !text.isEmpty else { return nil }
            return SectionCount.read(text, named: key.rawValue) { message in
                warnings.append(ScrapeWarning(source: source, section: id.rawValue, message: message))
            }
        }
        var name = String(title.dropFirst(id.rawValue.count).trimmedSpaces)
        if name.hasPrefix("("), name.hasSuffix(")") { name = String(name.dropFirst().dropLast()) }
        let parser = MeetingStringParser(grammar: definition.meetings, periods: definition.periods)
        let schedule = parser.parse(values[.schedule] ?? "", bareNumbers: .clockHours)
        for part in schedule.unreadable {
            warnings.append(ScrapeWarning(source: source, section: id.rawValue, message: "cannot read the meeting '\(part)'; kept as printed"))
        }
        let exam = values[.finalExam].flatMap { FinalExamReader(grammar: definition.meetings).read($0)?.exam }
        let instructors = (values[.instructor] ?? "").split(whereSeparator: { definition.instructors.separators.contains($0) })
            .map { String($0.trimmedSpaces) }
            .filter { !$0.isEmpty && !definition.instructors.nobody.contains($0.lowercased()) }
            .map { InstructorRef(name: $0, username: $0) }
        return Section(id: id, title: name, instructors: instructors, credits: number(.credits), enrolled: number(.enrolled),
                       capacity: number(.capacity), schedule: schedule, finalExam: exam)
    }

    private func students(_ rows: [(line: Int, fields: [String])], headers: [String], warnings: inout [ScrapeWarning]) -> [RosterEntry] {
        let at = layout.columns.locate(headers: headers)
        var entries: [RosterEntry] = []
        var seen: [String: Int] = [:]
        for (line, row) in rows {
            func value(_ column: RosterCSVColumn) -> String? {
                guard let index = at[column], index < row.count else { return nil }
                return PageText.nonEmpty(row[index])
            }
            guard let username = value(.username) else {
                warnings.append(ScrapeWarning(source: source, message: "the student row at line \(line) has no username; skipped"))
                continue
            }
            if let first = seen[username.lowercased()] {
                warnings.append(ScrapeWarning(source: source, message: "\(username) is listed twice (lines \(first) and \(line)); counted once"))
                continue
            }
            seen[username.lowercased()] = line
            let name = [value(.first), value(.middle), value(.last)].compactMap { $0 }.joined(separator: " ")
            entries.append(RosterEntry(
                username: username, name: name.isEmpty ? username : name, bannerID: value(.bannerID), major: value(.major),
                classStanding: value(.classStanding), year: value(.year), advisor: value(.advisor), email: value(.email)))
        }
        return entries
    }
}
