import CampusCore
import CampusIndex
import Foundation

/// The sections matching a course id or prefix in one term.
public struct CourseAnswer: Sendable {
    public var term: Term
    public var query: String
    public var sections: [Section]
}

extension CampusContext {
    /// `campus course ID-OR-PREFIX`: `CSSE3` lists every CSSE3xx section; `CSSE474-02` one section.
    public func course(_ query: String, term choice: TermChoice?, now: Date) throws -> CourseAnswer {
        let store = try openIndex()
        let term = try resolveTerm(choice, in: store, now: now)
        let compact = query.filter { !$0.isWhitespace }.uppercased()
        let sections = try store.sections(prefix: compact, term: term.code)
        guard !sections.isEmpty else {
            throw CampusError.noMatch(what: "section in \(term.name)", query: query,
                                      suggestions: try store.suggestions(for: compact, limit: 5))
        }
        return CourseAnswer(term: term, query: compact, sections: sections)
    }
}
