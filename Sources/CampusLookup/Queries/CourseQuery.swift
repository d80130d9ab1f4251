internal import CampusIndex
import CampusCore
import Foundation

/// The sections matching a course id or prefix in one term.
public struct CourseAnswer: Sendable {
    public var term: Term
    public var query: String
    public var sections: [Section]
}

extension CampusContext {
    /// `campus course ID-OR-PREFIX`: `CSSE3` lists every CSSE3xx section; `CSSE474-02` one section.
    func course(_ query: String, term: String?, now: Date) throws(CampusError) -> CourseAnswer {
        let compact = query.filter { !$0.isWhitespace }.uppercased()
        // An empty prefix would be every section of the term: nothing was asked for.
        guard !compact.isEmpty else {
            throw .invalidParameter(name: "idOrPrefix", detail: "'\(query)' names no course: give a course id, a section or a prefix, such as CSSE474")
        }
        return try read { reader in
            let term = try requireTerm(term, reader, now: now)
            let sections = try reader.sections(prefix: compact, term: term.code)
            guard !sections.isEmpty else {
                throw try notFound(
                    "section", query: query, in: term, reader,
                    otherwise: .noMatch(what: "section in \(term.name)", query: query, suggestions: try reader.suggestions(for: compact, limit: 5))
                ) { try !reader.sections(prefix: compact, term: $0).isEmpty }
            }
            return CourseAnswer(term: term, query: compact, sections: sections)
        }
    }
}
