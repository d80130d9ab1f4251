internal import CampusIndex
import CampusCore
import Foundation
internal import Registrar

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
    /// These terms: codes, names, `current`, `next`, `previous`.
    case chosen([String])
}

/// A term asked for: a code or relative word, or a name the registrar's term list must hold.
private enum TermRequest {
    case choice(TermChoice)
    case named(String)

    /// The choice, a name found among `offered`.
    func choice(among offered: [Term]) throws(CampusError) -> TermChoice {
        switch self {
        case .choice(let choice): return choice
        case .named(let text):
            guard let term = offered.first(where: { $0.isNamed(text) }) else {
                throw .unknownTerm(text, known: offered.map { "\($0.code.rawValue) (\($0.name))" })
            }
            return .code(term.code)
        }
    }
}

/// How one term's crawl ended.
public struct TermSyncOutcome: Sendable {
    public var term: Term
    /// Replaced, or kept with the reason.
    public var result: TermResult
    public var pagesFetched: Int
    public var pagesChanged: Int
    public var warnings: [ScrapeWarning]
}

extension CampusContext {
    /// The registrar to crawl: `source` (a URL or a folder) wins, then the configured
    /// URL or folder, then the bundled demo campus.
    public func registrarLocation(source sourceOption: String?) throws(CampusError) -> RegistrarLocation {
        if let source = sourceOption ?? configuration.registrar.url ?? configuration.registrar.source {
            if source.hasPrefix("http://") || source.hasPrefix("https://") {
                // Said of --source when it was given, else of the configuration file.
                func refused(_ detail: String) -> CampusError {
                    sourceOption == nil ? .badConfiguration(path: paths.configFile.path, detail: detail)
                        : .invalidParameter(name: "source", detail: detail)
                }
                guard let url = URL(string: source), url.host != nil else { throw refused("'\(source)' is not a URL") }
                // A password in the address would be printed, logged and kept with every page's address.
                if url.user != nil || url.password != nil {
                    throw refused(
                        "the registrar's address names a user or password (\(url.scheme ?? "http")://USER:PASSWORD@...), which would be "
                            + "printed and stored with every page's address: give the address alone, the username as registrar.username "
                            + "and the password in a file named by registrar.password-file")
                }
                return .web(url)
            }
            let path = paths.expandingTilde(source)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .unreadableFile(path: path, detail: "not a folder of saved pages; give a folder or an http(s) URL")
            }
            return .savedPages(path)
        }
        return .demo(try locator.demoCampus().path)
    }

    /// `campus sync registrar`: crawls terms and swaps each into the index on its own, through
    /// the crawl plan of the school definition's family.
    ///
    /// A term whose crawl fails, or whose new data fails validation, keeps what the
    /// index held; the others are still replaced. `now` dates what is written; `current` and
    /// `next` are the terms of `termsMoment` (a server run on `server.clock`), else of `now`.
    func syncRegistrar(
        from location: RegistrarLocation, terms: SyncTerms, force: Bool,
        progress: (any CrawlProgress)?, now: Date, choosingTermsAt termsMoment: Date? = nil
    ) async throws(CampusError) -> [TermSyncOutcome] {
        let school = try school()
        let scheme = school.campusDescription.termScheme
        // Names the registrar gives its own terms are matched once its term list is read.
        let choices = try termChoices(terms, scheme: scheme)
        let index = try writableIndex()
        defer { index.foldInWriteAheadLog() }
        return try await lookingUp {
            let (crawler, http) = try makeCrawler(for: location, school: school, progress: progress)
            do {
                let outcomes = try await crawl(
                    crawler, terms: choices, school: school, index: index, force: force, now: now, termsMoment: termsMoment ?? now)
                await http?.shutdown()
                return outcomes
            } catch {
                await http?.shutdown()
                throw error
            }
        }
    }

    /// The terms asked for, read with the registrar's term scheme (a text that names no
    /// term of a registrar-named scheme is kept to match the term list's names); `nil` for every term offered.
    private func termChoices(_ terms: SyncTerms, scheme: TermScheme) throws(CampusError) -> [TermRequest]? {
        switch terms {
        case .defaults: return []
        case .all: return nil
        case .chosen(let texts):
            return try texts.map { text throws(CampusError) in
                guard let choice = TermChoice(text, scheme: scheme) else {
                    guard scheme.namesTermsItself, !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw .badTerm(text) }
                    return .named(text)
                }
                // A code of no season the registrar numbers (2026, 202650) is no term to ask for.
                if case .code(let code) = choice, !scheme.namesTermsItself, scheme.name(of: code) == nil { throw .badTerm(text) }
                return .choice(choice)
            }
        }
    }

    private func crawl(
        _ crawler: any TermCrawling, terms requests: [TermRequest]?, school: SchoolDefinition, index: CampusDatabase,
        force: Bool, now: Date, termsMoment: Date
    ) async throws -> [TermSyncOutcome] {
        let offer = try await crawler.offer()
        try index.terms.recordOffered(offer.terms, now: now)
        let stored = try index.read { reader in try reader.campusDescription() }
        // A registrar-named scheme tells `current` by the term dates an earlier sync or import stored.
        let clock = school.campusDescription.dating([], kept: stored).termClock
        let chosen = try requests.map { requests in
            try offer.resolve(try requests.map { request throws(CampusError) in try request.choice(among: offer.terms) }, clock: clock, now: termsMoment)
        } ?? offer.terms.sorted { $0.code < $1.code }
        var outcomes: [TermSyncOutcome] = []
        var snapshots: [TermSnapshot] = []
        for term in chosen {
            let (outcome, snapshot) = try await syncTerm(term, subjects: offer.subjects, crawler: crawler, index: index, force: force, now: now)
            outcomes.append(outcome)
            if let snapshot { snapshots.append(snapshot) }
        }
        if !snapshots.isEmpty {
            try index.saveDescription(school.campusDescription.dating(snapshots, kept: stored), now: now)
        }
        return outcomes
    }

    /// One term crawled and swapped in, and the snapshot swapped in (`nil` when the term was kept).
    private func syncTerm(
        _ term: Term, subjects: [String], crawler: any TermCrawling, index: CampusDatabase, force: Bool, now: Date
    ) async throws -> (TermSyncOutcome, TermSnapshot?) {
        let result: CrawlResult
        do {
            result = try await crawler.crawl(term, subjects: subjects)
        } catch .cancelled {
            throw CrawlError.cancelled
        } catch {
            return (TermSyncOutcome(term: term, result: .kept(CampusError(error)), pagesFetched: 0, pagesChanged: 0, warnings: []), nil)
        }
        // A page missing or unreadable would drop what it holds (a roster's students): keep the term.
        if result.pagesFailed > 0, !force {
            let error = CampusError.incompleteCrawl(
                term: term.code.rawValue, failed: result.pagesFailed, fetched: result.pagesFetched,
                first: result.firstFailure ?? "see the warnings")
            return (TermSyncOutcome(term: term, result: .kept(error), pagesFetched: result.pagesFetched, pagesChanged: 0,
                                    warnings: result.warnings), nil)
        }
        let swap: TermSwapReport
        do {
            swap = try index.terms.replace(result.snapshot, force: force, keepingEnrollments: !crawler.readsEnrollments, now: now)
        } catch {
            return (TermSyncOutcome(term: term, result: .kept(CampusError(error)), pagesFetched: result.pagesFetched,
                                    pagesChanged: 0, warnings: result.warnings), nil)
        }
        var changed = 0
        for page in result.pages {
            let status = try index.pages.store(source: page.source, term: term.code, bytes: page.bytes, now: page.fetchedAt)
            if status != .unchanged { changed += 1 }
            try index.pages.logFetch(url: page.source, status: status, hash: nil, bytes: page.bytes.count, now: page.fetchedAt)
        }
        try index.pages.prune(term: term.code, keeping: Set(result.pages.map(\.source)))
        // The term is replaced whatever becomes of this: old changes go at the next refresh if not now.
        try? forgetOldChanges(index, now: now)
        return (TermSyncOutcome(term: term, result: .replaced(swap), pagesFetched: result.pagesFetched,
                                pagesChanged: changed, warnings: result.warnings), result.snapshot)
    }

    /// The family's crawl plan over `location`, and the HTTP source to shut down after (none for saved pages).
    private func makeCrawler(
        for location: RegistrarLocation, school: SchoolDefinition, progress: (any CrawlProgress)?
    ) throws -> (any TermCrawling, HTTPPageSource?) {
        switch location {
        case .savedPages(let path), .demo(let path):
            guard let definition = school.regSched else {
                throw CampusError.registrar(
                    "a \(school.family.rawValue) registrar is crawled over HTTP (registrar.url or --source https://...); "
                        + "read saved pages or answers with `campus import` instead of \(location)")
            }
            return (TermCrawler(definition: definition, source: SavedPagesSource(directory: path, definition: definition), progress: progress), nil)
        case .web(let url):
            var options = FetchOptions()
            let settings = configuration.registrar
            if let concurrency = settings.concurrency { options.concurrencyPerHost = max(1, concurrency) }
            if let interval = settings.minIntervalMs { options.minimumInterval = .milliseconds(max(0, interval)) }
            options.contact = settings.contact
            let source = try HTTPPageSource(baseURL: url, definition: school.regSched, credential: try registrarCredential(), options: options)
            return (school.crawler(source: source, progress: progress), source)
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
