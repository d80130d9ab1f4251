import CampusCore
import Foundation

/// What the registrar's search form offers: its terms and its subjects.
public struct TermOffer: Sendable {
    /// The terms of the `termcode` drop-down.
    public var terms: [Term]
    /// The subjects to search course by course: the form's department drop-down,
    /// or the definition's list when the form has none.
    public var subjects: [String]
    /// The term list page itself.
    public var page: FetchedPage

    public init(terms: [Term], subjects: [String], page: FetchedPage) {
        self.terms = terms
        self.subjects = subjects
        self.page = page
    }

    /// The offered terms that `choices` mean, in the order given, without repeats.
    ///
    /// No choices mean the current and the next term, those of them offered.
    ///
    /// - Parameters:
    ///   - choices: Codes, `current`, `next`, `previous`.
    ///   - scheme: How term codes follow each other.
    ///   - now: Today; its calendar date on campus decides the current term.
    ///   - timeZone: The campus time zone.
    /// - Throws: ``CrawlError/unknownTerm(choice:code:offered:)`` for a term not offered,
    ///   ``CrawlError/noDefaultTerm(current:next:offered:)`` when no default term is offered.
    public func resolve(
        _ choices: [TermChoice], scheme: TermScheme, now: Date, timeZone: TimeZone
    ) throws(CrawlError) -> [Term] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let date = calendar.dateComponents([.year, .month], from: now)
        let (year, month) = (date.year ?? 1970, date.month ?? 1)
        guard !choices.isEmpty else {
            let current = TermChoice.current.resolve(in: scheme, year: year, month: month)
            let next = scheme.next(after: current)
            let defaults = terms.filter { $0.code == current || $0.code == next }.sorted { $0.code < $1.code }
            guard !defaults.isEmpty else { throw .noDefaultTerm(current: current, next: next, offered: terms) }
            return defaults
        }
        var resolved: [Term] = []
        for choice in choices {
            let code = choice.resolve(in: scheme, year: year, month: month)
            guard let term = terms.first(where: { $0.code == code }) else {
                throw .unknownTerm(choice: choice, code: code, offered: terms)
            }
            if !resolved.contains(term) { resolved.append(term) }
        }
        return resolved
    }
}
