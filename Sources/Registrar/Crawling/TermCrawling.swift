import CampusCore

/// A registrar family's crawl plan: what `campus sync registrar` asks of any family.
///
/// reg-sched.pl's is ``TermCrawler`` (course searches, rosters, instructors' pages);
/// Banner 9's asks its class-search API within a session. Either way a term's crawl
/// returns the whole term or throws, and the caller swaps it into the index only
/// when nothing failed.
public protocol TermCrawling: Sendable {
    /// Where pages come from, for people.
    var location: String { get }

    /// Whether a term's crawl reads its class lists. Banner shows them only behind single
    /// sign-on, so a Banner crawl reads none, and a swap keeps the students the enrollment
    /// extract gave.
    var readsEnrollments: Bool { get }

    /// Reads the term list: the terms offered and, where the list gives them, the subjects to search.
    func offer() async throws(CrawlError) -> TermOffer

    /// Crawls one term: every section, by searching `subjects` (the offer's; a family that
    /// discovers each term's subjects itself uses these only where it cannot).
    func crawl(_ term: Term, subjects: [String]) async throws(CrawlError) -> CrawlResult
}

extension TermCrawler: TermCrawling {
    public var location: String { source.location }
    public var readsEnrollments: Bool { true }
}
