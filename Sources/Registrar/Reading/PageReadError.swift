import CampusCore

/// Why a page could not be read. Every case names the page (file or URL).
public enum PageReadError: Error, Equatable, CustomStringConvertible {
    /// The page has no content at all.
    case empty(source: String)
    /// The page is not one of the registrar's page kinds.
    case unrecognised(source: String)
    /// The page is of a known kind, but a part the definition locates is missing or
    /// renamed: `locator` names the definition's XPath or column set that failed.
    case layoutChanged(source: String, locator: String, detail: String)
    /// The page fits more than one kind (`kinds`) equally well, for the reason `detail`
    /// gives; it is not guessed.
    case ambiguous(source: String, kinds: [PageKind], detail: String)
    /// The page cannot be read to its end: the HTML parser would stop early (nested too
    /// deep, bytes not in the page's encoding, a NUL byte) or the page itself ends early
    /// (tables left open): at `line`, for `reason`. Nothing of it is used.
    case cutShort(source: String, line: Int, reason: String)
    /// A registrar's JSON answer (Banner 9) that does not parse, or does not hold what such
    /// an answer holds: `detail` says where and what was expected.
    case unexpectedAnswer(source: String, detail: String)
    /// The registrar refused the search its answer answers (`"success": false`: no term bound
    /// to the session, or the session expired).
    case searchRefused(source: String)

    /// What went wrong and how to fix it, naming the page.
    public var description: String {
        switch self {
        case .empty(let source):
            "\(source) is empty. Fetch the page again; if it stays empty the registrar may be refusing the request."
        case .unrecognised(let source):
            "\(source) is not a page of the kinds this registrar definition's family reads (reg-sched.pl: Schedule Lookup pages, "
                + "roster CSVs, term lists; Banner 8: term and subject lists, Sections Found, detail pages). "
                + "Check that it is a saved registrar page of this school, or name the school's definition (--definition)."
        case .layoutChanged(let source, let locator, let detail):
            "The layout of \(source) has changed: \(locator) failed (\(detail)). Update the registrar definition under scrapers/ "
                + "to the new layout (its locators and columns, or a Banner school's labels), or report the page if it cannot say it."
        case .ambiguous(let source, let kinds, let detail):
            "\(source) fits more than one kind of page (\(kinds.map(\.rawValue).joined(separator: ", "))): \(detail). "
                + "It was not guessed: check that it is a whole registrar page, and make the recognition rules of the registrar definition under scrapers/ tell these kinds apart."
        case .cutShort(let source, let line, let reason):
            "\(source) could not be read to its end: it stops at line \(line) (\(reason)). "
                + "Nothing of it was used; fetch the page again, and if it stays so, report it with the page."
        case .unexpectedAnswer(let source, let detail):
            "\(source) is not an answer of the Banner 9 class search this definition reads (\(detail)). "
                + "Check that it is a saved searchResults, getTerms or get_subject answer, whole."
        case .searchRefused(let source):
            "\(source) says the registrar refused the search (\"success\": false): the session had no term bound, "
                + "or it had expired. Fetch it again after binding the term (term/search)."
        }
    }
}
