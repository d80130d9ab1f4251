import CampusCore
import CampusIndex
import Foundation

/// Every section a person took or taught, term by term, newest first.
public struct HistoryAnswer: Sendable {
    public var person: Person
    /// One entry per indexed term the person has classes in; sections sorted by id.
    public var terms: [(term: Term, sections: [ScheduledSection])]
}

extension CampusContext {
    /// `campus history USER`: every section the person has taken or taught across the indexed terms.
    ///
    /// - Throws: ``CampusError/noMatch(what:query:suggestions:)`` when the index has no such person.
    public func history(of username: String) throws -> HistoryAnswer {
        let store = try openIndex()
        let username = username.lowercased()
        guard let person = try store.person(username) else {
            throw CampusError.noMatch(what: "person", query: username,
                                      suggestions: try store.suggestions(for: username, limit: 5))
        }
        let names = Dictionary(try store.terms().map { ($0.term.code, $0.term) }, uniquingKeysWith: { first, _ in first })
        let terms = try store.history(of: username).map { schedule in
            (term: names[schedule.term] ?? Term(code: schedule.term, name: schedule.term.rawValue), sections: schedule.sections)
        }
        return HistoryAnswer(person: try store.withAdvisorName(person), terms: terms)
    }
}
