import CampusCore

/// Why a crawl (or one term of it) stopped. The previous good data is never
/// touched by a crawl that ends in one of these.
public enum CrawlError: Error, Sendable, CustomStringConvertible {
    /// A page could not be fetched, after retries.
    case fetch(FetchError)
    /// A page the crawl depends on (the term list, a course search) could not be read:
    /// most likely the registrar changed its layout. The reading error names the page and the locator.
    case layoutChanged(PageReadError)
    /// A page the crawl depends on turned out to be another kind of page.
    case unexpectedPage(source: String, expected: PageKind, found: PageKind)
    /// The term list offers no terms.
    case noTermsOffered(source: String)
    /// `--term` named a term the registrar does not offer.
    case unknownTerm(choice: TermChoice, code: TermCode?, offered: [Term])
    /// Neither the current nor the next term is offered, so there is no default.
    case noDefaultTerm(current: TermCode?, next: TermCode?, offered: [Term])
    /// Not one course search page of the term was found: nothing to discover sections from.
    case noCourseSearches(term: TermCode, location: String)
    /// The crawl was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .fetch(let error):
            error.description
        case .layoutChanged(let error):
            error.description
        case .unexpectedPage(let source, let expected, let found):
            "Expected a \(expected.rawValue) page from \(source) but it reads as \(found.rawValue); "
                + "the registrar's layout may have changed."
        case .noTermsOffered(let source):
            "The term list \(source) offers no terms."
        case .unknownTerm(let choice, let code, let offered):
            "The registrar does not offer term \(Self.named(code, choice)). Offered: \(Self.list(offered))."
        case .noDefaultTerm(let current, let next, let offered):
            (current.map { "Neither the current term \($0)\(next.map { " nor the next term \($0)" } ?? "") is offered. " }
                ?? "The registrar offers no term open for more than viewing; name one with --term. ")
                + "Offered: \(Self.list(offered))."
        case .noCourseSearches(let term, let location):
            "No course search page of term \(term) was found at \(location); nothing to find sections from."
        case .cancelled:
            "The crawl was cancelled."
        }
    }

    private static func named(_ code: TermCode?, _ choice: TermChoice) -> String {
        guard let code else { return "\(choice) (no term's dates are known to tell it by)" }
        if case .code = choice { return code.rawValue }
        return "\(code) (the \(choice) term)"
    }

    private static func list(_ terms: [Term]) -> String {
        terms.isEmpty ? "none" : terms.map { "\($0.code) (\($0.name))" }.joined(separator: ", ")
    }
}
