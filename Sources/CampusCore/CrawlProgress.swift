/// Told how a crawl is getting on, after every page.
public protocol CrawlProgress: Sendable {
    /// A page is done.
    ///
    /// - Parameters:
    ///   - done: Pages done so far in this term.
    ///   - total: Pages known so far; it grows as sections and instructors are discovered.
    ///   - current: The lookup just done, as a person reads it (`Roster CSSE474-02 in 202630`).
    func update(done: Int, total: Int, current: String) async

    /// The term's crawl ended (finished, failed or cancelled).
    func finish(done: Int, total: Int) async
}
