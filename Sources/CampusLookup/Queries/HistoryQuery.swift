internal import CampusIndex
import CampusCore
import Foundation

/// Every section a person took or taught, term by term, newest first.
public struct HistoryAnswer: Sendable {
    /// One term's sections.
    public struct TermSections: Sendable {
        public var term: Term
        /// Sorted by section id.
        public var sections: [ScheduledSection]
    }

    public var person: Person
    /// One entry per indexed term the person has classes in.
    public var terms: [TermSections]
}

extension CampusContext {
    /// `campus history USER`: every section the person has taken or taught across the
    /// indexed terms, in one read of the index.
    ///
    /// - Throws: ``CampusError/noMatch(what:query:suggestions:)`` when the index has no such person.
    func history(of username: String) throws(CampusError) -> HistoryAnswer {
        try read { reader in try history(of: username.lowercased(), reader) }
    }

    func history(of username: String, _ reader: IndexReader) throws -> HistoryAnswer {
        let person = try reader.knownPerson(username)
        let names = Dictionary(try reader.terms().map { ($0.term.code, $0.term) }, uniquingKeysWith: { first, _ in first })
        let terms = try reader.history(of: username).map { schedule in
            HistoryAnswer.TermSections(
                term: names[schedule.term] ?? Term(code: schedule.term, name: schedule.term.rawValue),
                sections: schedule.sections)
        }
        return HistoryAnswer(person: try reader.withAdvisorName(person), terms: terms)
    }
}
