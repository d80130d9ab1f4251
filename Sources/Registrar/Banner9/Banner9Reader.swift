import CampusCore
import Foundation

/// Reads Banner 9 class-search answers (JSON) into ``ParsedPage`` values: a
/// `searchResults` answer into its sections, a `getTerms` answer into terms, a
/// `get_subject` answer into a term's subjects.
///
/// ```swift
/// let page = try Banner9Reader().read(bytes, source: "tru-201820-COMP.json")
/// page.sections.first?.id      // COMP1020-01
/// page.sections.first?.crn     // "20425"
/// ```
struct Banner9Reader: Sendable {
    /// Reads one answer.
    ///
    /// - Throws: ``PageReadError/unexpectedAnswer(source:detail:)`` for JSON that does not
    ///   parse or fit, ``PageReadError/searchRefused(source:)`` for a refused search.
    func read(_ bytes: [UInt8], source: String) throws(PageReadError) -> ParsedPage {
        if bytes.first(where: { !PageEncoding.isSpace($0) }) == UInt8(ascii: "[") {
            return list(try decode([Banner9Term].self, bytes, source: source), source: source)
        }
        var (page, totalCount, offset) = try readSearch(bytes, source: source)
        if offset.upperBound < totalCount {
            // A saved answer alone: say that the search found more than it holds.
            page.warnings.insert(ScrapeWarning(
                source: source, message: "the answer holds sections \(offset.lowerBound + 1)-\(offset.upperBound) of \(totalCount); "
                    + "the rest are on later pages (pageOffset)"), at: 0)
        }
        return page
    }

    /// Reads a `searchResults` answer, with how many sections the search found in all
    /// (`totalCount`) and which of them this answer held: what paging goes by.
    func readSearch(_ bytes: [UInt8], source: String) throws(PageReadError) -> (page: ParsedPage, totalCount: Int, held: Range<Int>) {
        let answer = try decode(Banner9SearchResults.self, bytes, source: source)
        let first = answer.pageOffset ?? 0
        return (try sections(answer, source: source), answer.totalCount, first..<(first + (answer.data?.count ?? 0)))
    }

    private func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], source: String) throws(PageReadError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            throw .unexpectedAnswer(source: source, detail: Banner9Text.path(error.readableDescription(root: "the answer")))
        } catch {
            throw .unexpectedAnswer(source: source, detail: ErrorText.firstLine(of: error))
        }
    }

    /// A list of codes: terms when every code is a term code, else a term's subjects.
    private func list(_ entries: [Banner9Term], source: String) -> ParsedPage {
        let terms = entries.compactMap { entry in TermCode(entry.code).map { Term(code: $0, name: Banner9Text.termName(entry.description, code: $0)) } }
        if !entries.isEmpty, terms.count == entries.count {
            var page = ParsedPage(source: source, kind: .termList, terms: terms)
            page.viewOnlyTerms = Set(entries.filter { Banner9Text.isViewOnly($0.description) }.compactMap { TermCode($0.code) })
            return page
        }
        return ParsedPage(source: source, kind: .subjectList, subjects: entries.map(\.code))
    }

    private func sections(_ answer: Banner9SearchResults, source: String) throws(PageReadError) -> ParsedPage {
        guard answer.success, let data = answer.data else { throw .searchRefused(source: source) }
        var warnings: [ScrapeWarning] = []
        var sections: [Section] = []
        for (index, entry) in data.enumerated() {
            guard let section = Banner9SectionReader(entry: entry).section else {
                // One entry that makes no section id (`A&S`) is left out, not the answer.
                warnings.append(ScrapeWarning(
                    source: source, message: "data[\(index)]: '\(entry.subject)' '\(entry.courseNumber)' '\(entry.sequenceNumber)' "
                        + "is not a section id such as COMP1130-01; left out"))
                continue
            }
            sections.append(section)
        }
        let terms = Set(data.map(\.term))
        guard terms.count <= 1 else {
            throw .unexpectedAnswer(source: source, detail: "its sections are of \(terms.count) terms (\(terms.sorted().joined(separator: ", "))), one expected")
        }
        let term = data.first.flatMap { entry in TermCode(entry.term).map { Term(code: $0, name: Banner9Text.termName(entry.termDesc, code: $0)) } }
        let subjects = data.map(\.subject).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return ParsedPage(
            source: source, kind: .courseSearch, term: term, lookup: subjects.count == 1 ? subjects[0] : nil,
            sections: sections.linkingCrossListGroups(), warnings: warnings)
    }
}
