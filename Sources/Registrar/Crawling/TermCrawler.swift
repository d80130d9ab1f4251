import CampusCore
import Foundation
import Logging

/// Crawls the registrar term by term: the term list, then every section (a
/// course search per subject), every section's roster, and every instructor's
/// schedule; each page read and added to a ``TermSnapshot``.
///
/// ```swift
/// let crawler = TermCrawler(definition: definition, source: source, progress: TerminalProgressBar())
/// for crawl in try await crawler.crawl([.current], now: Date()) {
///     let result = try crawl.outcome.get()
///     print(result.snapshot.sections.count)
/// }
/// ```
public struct TermCrawler: Sendable {
    let definition: RegistrarDefinition
    let source: any PageSource
    let reader: PageReader
    let progress: (any CrawlProgress)?
    let concurrency: Int
    let logger: Logger

    /// - Parameters:
    ///   - definition: The registrar's layout: subjects to fall back on, term scheme, time zone.
    ///   - source: Where pages come from; it also limits requests per host.
    ///   - reader: Reads each page; by default one for `definition`.
    ///   - progress: Told after every page.
    ///   - concurrency: Pages asked for at once (the source may hold some back).
    ///   - logger: Receives a line per stage.
    public init(
        definition: RegistrarDefinition, source: any PageSource, reader: PageReader? = nil,
        progress: (any CrawlProgress)? = nil, concurrency: Int = 4,
        logger: Logger = Logger(label: "campus.registrar.crawl")
    ) {
        self.definition = definition
        self.source = source
        self.reader = reader ?? PageReader(definition: definition)
        self.progress = progress
        self.concurrency = max(1, concurrency)
        self.logger = logger
    }

    /// Crawls the terms `choices` mean (by default the current and the next), one after another.
    ///
    /// A term whose crawl fails has its error in its outcome and the others go on;
    /// the term list failing, an unknown term or cancellation ends the whole crawl.
    ///
    /// - Parameters:
    ///   - choices: Codes, `current`, `next`, `previous`; empty for the default.
    ///   - now: Today, which decides the current term (on the campus calendar).
    public func crawl(_ choices: [TermChoice], now: Date) async throws(CrawlError) -> [TermCrawl] {
        let offer = try await offer()
        let terms = try offer.resolve(choices, clock: definition.termClock, now: now)
        var crawls: [TermCrawl] = []
        for term in terms {
            do {
                crawls.append(TermCrawl(term: term, outcome: .success(try await crawl(term, subjects: offer.subjects))))
            } catch .cancelled {
                throw .cancelled
            } catch {
                logger.error("Crawling term \(term.code) failed: \(error)")
                crawls.append(TermCrawl(term: term, outcome: .failure(error)))
            }
        }
        return crawls
    }

    /// Reads the term list: the terms offered and the subjects to search.
    ///
    /// - Throws: ``CrawlError`` when the page cannot be had or read, or offers no terms.
    public func offer() async throws(CrawlError) -> TermOffer {
        let page: FetchedPage
        do {
            page = try await source.fetch(.termList)
        } catch {
            throw error == .cancelled ? .cancelled : .fetch(error)
        }
        let parsed: ParsedPage
        do {
            parsed = try reader.read(page.bytes, source: page.source)
        } catch {
            throw .layoutChanged(error)
        }
        guard parsed.kind == .termList else {
            throw .unexpectedPage(source: page.source, expected: .termList, found: parsed.kind)
        }
        guard !parsed.terms.isEmpty else { throw .noTermsOffered(source: page.source) }
        let subjects = parsed.subjects.isEmpty ? definition.subjects : parsed.subjects
        return TermOffer(terms: parsed.terms, subjects: subjects, page: page)
    }

    /// Crawls one term: every section found by searching `subjects`, their rosters, their instructors.
    ///
    /// - Throws: ``CrawlError/fetch(_:)`` when a page cannot be fetched (after the source's retries),
    ///   a layout error when the course searches cannot be read, ``CrawlError/cancelled``.
    public func crawl(_ term: Term, subjects: [String]) async throws(CrawlError) -> CrawlResult {
        var assembly = CrawlAssembly(term: term)
        var tally = CrawlTally()
        do {
            let searches = subjects.map { Lookup.course(prefix: $0, term: term.code) }
            try assembly.addCourseSearches(await fetchAndRead(searches, tally: &tally), location: source.location)
            let sections = assembly.snapshot.sections.keys.sorted()
            logger.info("Term \(term.code): \(sections.count) sections from \(subjects.count) subjects")
            assembly.addDetails(try await fetchAndRead(
                sections.map { .roster(id: $0.rawValue, term: term.code) }, tally: &tally))
            let instructors = Set(assembly.snapshot.sections.values.flatMap { $0.instructors.compactMap(\.username) })
            logger.info("Term \(term.code): rosters read, \(instructors.count) instructors to fetch")
            assembly.addDetails(try await fetchAndRead(
                instructors.sorted().map { .instructor(username: $0, term: term.code) }, tally: &tally))
        } catch {
            await progress?.finish(done: tally.done, total: tally.total)
            throw error
        }
        await progress?.finish(done: tally.done, total: tally.total)
        return CrawlResult(
            term: term, snapshot: assembly.snapshot, pages: assembly.pages,
            pagesFetched: assembly.pages.count, pagesFailed: assembly.failed, firstFailure: assembly.firstFailure)
    }
}

/// One term of a multi-term crawl: its result, or why it failed.
public struct TermCrawl: Sendable {
    /// The term.
    public var term: Term
    /// The crawl's result, or its error (the previous good data for the term should stay).
    public var outcome: Result<CrawlResult, CrawlError>
}
