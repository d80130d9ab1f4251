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
        let data = Data(bytes)
        let decoder = JSONDecoder()
        let firstByte = bytes.first { !PageEncoding.isSpace($0) }
        do {
            if firstByte == UInt8(ascii: "[") {
                return list(try decoder.decode([Banner9Term].self, from: data), source: source)
            }
            return try sections(try decoder.decode(Banner9SearchResults.self, from: data), source: source)
        } catch let error as DecodingError {
            throw .unexpectedAnswer(source: source, detail: Banner9Text.path(error.readableDescription(root: "the answer")))
        } catch let error as PageReadError {
            throw error
        } catch {
            throw .unexpectedAnswer(source: source, detail: ErrorText.firstLine(of: error))
        }
    }

    /// A list of codes: terms when every code is a term code, else a term's subjects.
    private func list(_ entries: [Banner9Term], source: String) -> ParsedPage {
        let terms = entries.compactMap { entry in TermCode(entry.code).map { Term(code: $0, name: Banner9Text.clean(entry.description)) } }
        if !entries.isEmpty, terms.count == entries.count {
            return ParsedPage(source: source, kind: .termList, terms: terms)
        }
        return ParsedPage(source: source, kind: .subjectList, subjects: entries.map(\.code))
    }

    private func sections(_ answer: Banner9SearchResults, source: String) throws(PageReadError) -> ParsedPage {
        guard answer.success, let data = answer.data else { throw .searchRefused(source: source) }
        var warnings: [ScrapeWarning] = []
        let shown = (answer.pageOffset ?? 0) + data.count
        if shown < answer.totalCount {
            warnings.append(ScrapeWarning(
                source: source, message: "the answer holds sections \((answer.pageOffset ?? 0) + 1)-\(shown) of \(answer.totalCount); "
                    + "the rest are on later pages (pageOffset)"))
        }
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
        let term = data.first.flatMap { entry in TermCode(entry.term).map { Term(code: $0, name: Banner9Text.clean(entry.termDesc)) } }
        let subjects = data.map(\.subject).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return ParsedPage(
            source: source, kind: .courseSearch, term: term, lookup: subjects.count == 1 ? subjects[0] : nil,
            sections: sections.linkingCrossListGroups(), warnings: warnings)
    }
}
