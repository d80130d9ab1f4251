import CampusCore
import Foundation

/// Columns of the registrar's enrollment extract.
enum EnrollmentColumn: String, CaseIterable, Sendable {
    case term, crn, section, username, id, name, email
}

/// Reads the registrar's enrollment extract: a CSV whose header row names its columns as the
/// school definition's `enrollment.columns` spells them, then one row per student in a section.
///
/// ```yaml
/// enrollment:
///   columns:
///     term: [TERM_CODE]
///     crn: [CRN]
///     username: [USERNAME]
///     name: [STUDENT_NAME]
///     email: [EMAIL]
/// ```
///
/// The term, the student's username and the section (its CRN or its id) are needed on every
/// row; a row without them refuses the whole file, naming its line, so that no section's
/// list is read half.
struct EnrollmentExtractReader: Sendable {
    let columns: ColumnMap<EnrollmentColumn>

    /// Whether `bytes` start with the extract's header row (after a byte-order mark). A page or
    /// an answer (`<`, `{`, `[` first) is told at its first byte, and only a header's length of
    /// the first line is read: a Banner 9 answer is one line of hundreds of kilobytes.
    func recognises(_ bytes: [UInt8]) -> Bool {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let first = body.first(where: { !PageEncoding.isSpace($0) }),
              first != UInt8(ascii: "<"), first != UInt8(ascii: "{"), first != UInt8(ascii: "[") else { return false }
        let firstLine = body.prefix(Self.longestHeader).prefix { $0 != 0x0A && $0 != 0x0D }
        guard let lines = try? CSVLines(String(decoding: firstLine, as: UTF8.self)), let header = lines.rows.first else { return false }
        return columns.fits(headers: header.fields)
    }

    /// The most bytes a header row is read for.
    static let longestHeader = 4_096

    func read(_ bytes: [UInt8], source: String) throws(PageReadError) -> ParsedPage {
        let lines = try CSVLines(file: bytes, source: source)
        guard let header = lines.rows.first, columns.fits(headers: header.fields) else {
            throw .layoutChanged(source: source, locator: "enrollment extract header row",
                                 detail: "the first line lacks the column \(columns.missing(in: lines.rows.first?.fields ?? []).joined(separator: ", "))")
        }
        let found = columns.locate(headers: header.fields)
        guard found[.crn] != nil || found[.section] != nil else {
            throw .layoutChanged(source: source, locator: "enrollment extract header row",
                                 detail: "no column names the section: add its CRN or section column to enrollment.columns")
        }
        var page = ParsedPage(source: source, kind: .enrollmentExtract)
        for row in lines.rows.dropFirst() where row.fields.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            page.enrollments.append(try enrollment(row, found: found, source: source))
        }
        return page
    }

    private func enrollment(_ row: CSVLines.Row, found: [EnrollmentColumn: Int], source: String) throws(PageReadError) -> ExtractEnrollment {
        func value(_ column: EnrollmentColumn) -> String? {
            guard let index = found[column], index < row.fields.count else { return nil }
            return PageText.nonEmpty(PageText.normalise(Array(row.fields[index].utf8)))
        }
        func refuse(_ detail: String) -> PageReadError {
            .layoutChanged(source: source, locator: "enrollment extract line \(row.line)", detail: detail)
        }
        guard let termText = value(.term), let term = TermCode(termText) else {
            throw refuse("'\(value(.term) ?? "")' is not a term code such as 201820")
        }
        guard let username = value(.username) else { throw refuse("the student has no username") }
        let crn = value(.crn)
        let section = try value(.section).map { (text) throws(PageReadError) in
            guard let id = SectionID(text.replacingOccurrences(of: " ", with: "")) else {
                throw refuse("'\(text)' is not a section id such as COMP1130-01")
            }
            return id
        }
        guard crn != nil || section != nil else { throw refuse("the row names no section (neither its CRN nor its id)") }
        let student = RosterEntry(username: username, name: value(.name) ?? username, bannerID: value(.id), email: value(.email))
        return ExtractEnrollment(term: term, crn: crn, section: section, student: student, line: row.line)
    }
}
