import CampusCore

/// What crawling one term produced.
public struct CrawlResult: Sendable {
    /// The term as the term list names it.
    public var term: Term
    /// Everything read, assembled.
    public var snapshot: TermSnapshot
    /// Every page fetched, raw, in crawl order: the caller keeps them (compressed)
    /// for re-reading later and skips those whose hash did not change.
    public var pages: [FetchedPage]
    /// Pages fetched.
    public var pagesFetched: Int
    /// Pages that were missing or could not be read (each has a warning).
    public var pagesFailed: Int
    /// The first of them: its section, else its address.
    public var firstFailure: String?

    /// Warnings from reading the pages and from the crawl itself (missing or unreadable pages).
    public var warnings: [ScrapeWarning] { snapshot.warnings }

    public init(term: Term, snapshot: TermSnapshot, pages: [FetchedPage], pagesFetched: Int, pagesFailed: Int, firstFailure: String? = nil) {
        self.term = term
        self.snapshot = snapshot
        self.pages = pages
        self.pagesFetched = pagesFetched
        self.pagesFailed = pagesFailed
        self.firstFailure = firstFailure
    }
}
