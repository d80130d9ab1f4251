import CampusCore

/// One page of a crawl stage: read, there but unreadable, or not there.
enum PageOutcome: Sendable {
    /// Fetched and read.
    case read(FetchedPage, ParsedPage)
    /// Fetched, but the reader could not make sense of it.
    case unreadable(FetchedPage, PageReadError)
    /// Not there (a 404, or no saved file).
    case missing(Lookup, location: String)

    /// The page as fetched, when it was.
    var fetched: FetchedPage? {
        switch self {
        case .read(let page, _), .unreadable(let page, _): page
        case .missing: nil
        }
    }
}

/// How far a term's crawl has got, for the progress report.
struct CrawlTally: Sendable {
    /// Pages done (fetched, missing or unreadable).
    var done = 0
    /// Pages known to be needed so far.
    var total = 0
}
