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
    /// The terms offered for viewing only (Banner's "(View only)"): past terms, no default.
    public var viewOnly: Set<TermCode>

    public init(terms: [Term], subjects: [String], page: FetchedPage, viewOnly: Set<TermCode> = []) {
        self.terms = terms
        self.subjects = subjects
        self.page = page
        self.viewOnly = viewOnly
    }

    /// The offered terms that `choices` mean, in the order given, without repeats.
    ///
    /// No choices mean the current and the next term, those of them offered.
    ///
    /// - Parameters:
    ///   - choices: Codes, `current`, `next`, `previous`.
    ///   - clock: How term codes follow each other, and the campus time zone.
    ///   - now: Today; its calendar date on campus decides the current term.
    /// - Throws: ``CrawlError/unknownTerm(choice:code:offered:)`` for a term not offered,
    ///   ``CrawlError/noDefaultTerm(current:next:offered:)`` when no default term is offered.
    public func resolve(
        _ choices: [TermChoice], clock: TermClock, now: Date
    ) throws(CrawlError) -> [Term] {
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        guard !choices.isEmpty else {
            let current = clock.resolve(.current, secondsSince1970: seconds)
            // A registrar-named term not dated yet follows by its code (Banner's grow with time).
            let next = current.flatMap { current in
                clock.next(after: current)
                    ?? (clock.scheme.namesTermsItself ? terms.map(\.code).filter { $0 > current }.min() : nil)
            }
            // A registrar-named scheme without term dates cannot tell the current term: the terms
            // the registrar still opens (Banner marks the others "View only") are the defaults.
            let defaults = current == nil
                ? terms.filter { !viewOnly.contains($0.code) }.sorted { $0.code < $1.code }
                : terms.filter { $0.code == current || $0.code == next }.sorted { $0.code < $1.code }
            guard !defaults.isEmpty else { throw .noDefaultTerm(current: current, next: next, offered: terms) }
            return defaults
        }
        var resolved: [Term] = []
        for choice in choices {
            guard let code = clock.resolve(choice, secondsSince1970: seconds),
                  let term = terms.first(where: { $0.code == code }) else {
                throw .unknownTerm(choice: choice, code: clock.resolve(choice, secondsSince1970: seconds), offered: terms)
            }
            if !resolved.contains(term) { resolved.append(term) }
        }
        return resolved
    }
}
