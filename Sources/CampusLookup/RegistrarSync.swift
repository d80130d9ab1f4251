import CampusCore
import CampusIndex
import Foundation
import Registrar

/// Where `campus sync registrar` reads pages from.
public enum RegistrarLocation: Sendable, Equatable, CustomStringConvertible {
    /// The live registrar at this base URL.
    case web(URL)
    /// A folder of saved pages.
    case savedPages(String)
    /// The bundled demo campus (no registrar configured).
    case demo(String)

    public var description: String {
        switch self {
        case .web(let url): url.absoluteString
        case .savedPages(let path): "saved pages in \(path)"
        case .demo(let path): "the bundled demo campus (\(path))"
        }
    }
}

/// Which terms to crawl.
public enum SyncTerms: Sendable, Equatable {
    /// The current and the next term (the default).
    case defaults
    /// Every term the registrar offers.
    case all
    /// These terms.
    case chosen([TermChoice])
}

/// How one term's crawl ended.
public struct TermSyncOutcome: Sendable {
    public var term: Term
    /// The swap report when the term was replaced.
    public var swap: TermSwapReport?
    /// Why the term was left as it was.
    public var failure: String?
    public var pagesFetched: Int
    public var pagesChanged: Int
    public var warnings: [ScrapeWarning]
}

extension CampusContext {
    /// The registrar to crawl: `--source` (a URL or a folder) wins, then the configured
    /// URL or folder, then the bundled demo campus.
    public func registrarLocation(sourceOption: String?) throws -> RegistrarLocation {
        if let source = sourceOption ?? configuration.registrar.url ?? configuration.registrar.source {
            if source.hasPrefix("http://") || source.hasPrefix("https://") {
                guard let url = URL(string: source) else { throw CampusError.badConfiguration(path: "--source", detail: "'\(source)' is not a URL") }
                return .web(url)
            }
            let path = paths.expandingTilde(source)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CampusError.unreadableFile(path: path, detail: "not a folder of saved pages; give a folder or an http(s) URL")
            }
            return .savedPages(path)
        }
        return .demo(try locator.demoCampus().path)
    }

    /// `campus sync registrar`: crawls terms and swaps each into the index on its own.
    ///
    /// A term whose crawl fails, or whose new data fails validation, keeps what the
    /// index held; the others are still replaced.
    public func syncRegistrar(
        from location: RegistrarLocation, terms: SyncTerms, force: Bool,
        progress: (any CrawlProgress)?, now: Date
    ) async throws -> [TermSyncOutcome] {
        let store = try openIndex()
        let source = try makeSource(for: location)
        do {
            let outcomes = try await crawl(source: source, terms: terms, store: store, force: force, progress: progress, now: now)
            await (source as? HTTPPageSource)?.shutdown()
            return outcomes
        } catch {
            await (source as? HTTPPageSource)?.shutdown()
            throw error
        }
    }

    private func crawl(
        source: any PageSource, terms: SyncTerms, store: CampusIndexStore, force: Bool,
        progress: (any CrawlProgress)?, now: Date
    ) async throws -> [TermSyncOutcome] {
        let crawler = TermCrawler(definition: definition, source: source, progress: progress)
        let offer = try await crawler.offer()
        try store.recordOfferedTerms(offer.terms, now: now)
        let chosen: [Term]
        switch terms {
        case .all: chosen = offer.terms.sorted { $0.code < $1.code }
        case .defaults: chosen = try offer.resolve([], scheme: definition.termScheme, now: now, timeZone: campusTimeZone)
        case .chosen(let choices): chosen = try offer.resolve(choices, scheme: definition.termScheme, now: now, timeZone: campusTimeZone)
        }
        var outcomes: [TermSyncOutcome] = []
        for term in chosen {
            outcomes.append(try await syncTerm(term, subjects: offer.subjects, crawler: crawler, store: store, force: force, now: now))
        }
        return outcomes
    }

    private func syncTerm(
        _ term: Term, subjects: [String], crawler: TermCrawler, store: CampusIndexStore, force: Bool, now: Date
    ) async throws -> TermSyncOutcome {
        var outcome = TermSyncOutcome(term: term, pagesFetched: 0, pagesChanged: 0, warnings: [])
        let result: CrawlResult
        do {
            result = try await crawler.crawl(term, subjects: subjects)
        } catch .cancelled {
            throw CrawlError.cancelled
        } catch {
            outcome.failure = "\(error)"
            return outcome
        }
        outcome.pagesFetched = result.pagesFetched
        outcome.warnings = result.warnings
        do {
            outcome.swap = try store.replaceTerm(result.snapshot, force: force, now: now)
        } catch {
            outcome.failure = "\(error)"
            return outcome
        }
        for page in result.pages {
            let status = try store.storeRawPage(source: page.source, term: term.code, bytes: page.bytes, now: page.fetchedAt)
            if status != .unchanged { outcome.pagesChanged += 1 }
            try store.logFetch(url: page.source, status: status.rawValue, hash: nil, bytes: page.bytes.count, now: page.fetchedAt)
        }
        try store.pruneRawPages(term: term.code, keeping: Set(result.pages.map(\.source)))
        return outcome
    }

    private var campusTimeZone: TimeZone { TimeZone(identifier: definition.timeZone) ?? .current }

    private func makeSource(for location: RegistrarLocation) throws -> any PageSource {
        switch location {
        case .savedPages(let path), .demo(let path):
            return SavedPagesSource(directory: path, definition: definition)
        case .web(let url):
            var options = FetchOptions()
            let settings = configuration.registrar
            if let concurrency = settings.concurrency { options.concurrencyPerHost = max(1, concurrency) }
            if let interval = settings.minIntervalMs { options.minimumInterval = .milliseconds(max(0, interval)) }
            options.contact = settings.contact
            return try HTTPPageSource(baseURL: url, definition: definition, credential: try registrarCredential(), options: options)
        }
    }

    /// The credential the configuration names: where to read it, never the secret itself.
    func registrarCredential() throws -> RegistrarCredential? {
        let settings = configuration.registrar
        if let file = settings.cookieFile { return .sessionCookie(.file(path: paths.expandingTilde(file))) }
        if let variable = settings.cookieEnv { return .sessionCookie(.environment(name: variable)) }
        guard let username = settings.username else { return nil }
        if let file = settings.passwordFile { return .basic(username: username, password: .file(path: paths.expandingTilde(file))) }
        return .basic(username: username, password: .environment(name: settings.passwordEnv ?? "CAMPUS_REGISTRAR_PASSWORD"))
    }
}
