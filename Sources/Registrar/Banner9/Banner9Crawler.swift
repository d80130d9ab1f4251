import CampusCore
import Foundation
import Logging

/// Banner 9's crawl plan: its class-search API, asked within one session, as
/// `../shared/registrar-samples/banner9/README.md` describes it.
///
/// 1. `GET classSearch/getTerms` (paged by `offset`, `max`): the terms.
/// 2. Per term, a session: `GET term/termSelection?mode=search` sets the `JSESSIONID`
///    cookie, and its `<meta name="synchronizerToken">` is sent back as the
///    `X-Synchronizer-Token` header on every later call; `POST term/search?mode=search`
///    with `term=CODE` binds the session to the term.
/// 3. `GET classSearch/get_subject`: the term's subjects (the definition's where it gives none).
/// 4. Per subject, `POST classSearch/resetDataForm`, then `GET searchResults/searchResults`
///    paged by `pageOffset` and `pageMaxSize` up to `totalCount`.
///
/// A search the server refuses (`"success": false`: the session expired, or lost its term)
/// is asked again once in a new session; refused again, the term's crawl fails and the
/// index keeps the term as it was. Every answer is kept as a page.
struct Banner9Crawler: TermCrawling {
    let source: HTTPPageSource
    /// Where the API lives below the registrar's base URL: `/StudentRegistrationSsb/ssb/`.
    let path: String
    /// Subjects to search where a term's subject list names none.
    let subjects: [String]
    /// Sections asked for per answer.
    var pageSize = 500
    let progress: (any CrawlProgress)?
    var logger = Logger(label: "campus.registrar.crawl")

    var location: String { source.location }
    var readsEnrollments: Bool { false }

    func offer() async throws(CrawlError) -> TermOffer {
        var terms: [Term] = []
        var viewOnly: Set<TermCode> = []
        var first: FetchedPage?
        for offset in 1... {
            let page = try await send(get("classSearch/getTerms", ["searchTerm": "", "offset": String(offset), "max": "100"]), lookup: .termList)
            first = first ?? page
            let parsed = try read(page)
            guard parsed.kind == .termList || parsed.terms.isEmpty else {
                throw .unexpectedPage(source: page.source, expected: .termList, found: parsed.kind)
            }
            terms += parsed.terms.filter { term in !terms.contains { $0.code == term.code } }
            viewOnly.formUnion(parsed.viewOnlyTerms)
            if parsed.terms.count < 100 { break }
        }
        guard let page = first, !terms.isEmpty else { throw .noTermsOffered(source: location) }
        return TermOffer(terms: terms, subjects: subjects, page: page, viewOnly: viewOnly)
    }

    func crawl(_ term: Term, subjects fallback: [String]) async throws(CrawlError) -> CrawlResult {
        var snapshot = TermSnapshot(term: term)
        var pages: [FetchedPage] = []
        var token = try await startSession(term)
        let subjects = try await self.subjects(of: term, token: token, fallback: fallback)
        guard !subjects.isEmpty else { throw .noCourseSearches(term: term.code, location: location) }
        for (number, subject) in subjects.enumerated() {
            let answers: [(page: FetchedPage, read: ParsedPage)]
            do {
                answers = try await search(subject, term: term, token: token)
            } catch .layoutChanged(.searchRefused) {
                logger.info("Term \(term.code): the search for \(subject) was refused; asking again in a new session")
                source.endSession()
                token = try await startSession(term)
                answers = try await search(subject, term: term, token: token)
            }
            for answer in answers { snapshot.add(answer.read) }
            pages += answers.map(\.page)
            await progress?.update(done: number + 1, total: subjects.count, current: "Subject \(subject) in \(term.code)")
        }
        await progress?.finish(done: subjects.count, total: subjects.count)
        logger.info("Term \(term.code): \(snapshot.sections.count) sections from \(subjects.count) subjects")
        return CrawlResult(term: term, snapshot: snapshot, pages: pages, pagesFetched: pages.count, pagesFailed: 0)
    }

    /// A new session bound to `term`; its synchronizer token.
    private func startSession(_ term: Term) async throws(CrawlError) -> String {
        let selection = try await send(get("term/termSelection", ["mode": "search"]), lookup: .termList)
        guard let token = Banner9SessionPage.synchronizerToken(in: selection.bytes) else {
            throw .layoutChanged(.unexpectedAnswer(
                source: selection.source, detail: "it has no <meta name=\"synchronizerToken\" content=\"...\"> to send back"))
        }
        _ = try await send(post("term/search", ["mode": "search"], body: ["term": term.code.rawValue]), token: token, lookup: .termList)
        return token
    }

    /// The term's subjects as `get_subject` lists them; `fallback` where it lists none.
    private func subjects(of term: Term, token: String, fallback: [String]) async throws(CrawlError) -> [String] {
        var subjects: [String] = []
        for offset in 1... {
            let query: KeyValuePairs = ["searchTerm": "", "term": term.code.rawValue, "offset": String(offset), "max": "500"]
            let page = try await send(get("classSearch/get_subject", query), token: token, lookup: .termList)
            let parsed = try read(page)
            guard parsed.kind == .subjectList || (parsed.subjects.isEmpty && parsed.terms.isEmpty) else {
                throw .unexpectedPage(source: page.source, expected: .subjectList, found: parsed.kind)
            }
            subjects += parsed.subjects.filter { !subjects.contains($0) }
            if parsed.subjects.count < 500 { break }
        }
        return subjects.isEmpty ? fallback : subjects
    }

    /// Every answer of one subject's search, page after page up to `totalCount`.
    private func search(_ subject: String, term: Term, token: String) async throws(CrawlError) -> [(page: FetchedPage, read: ParsedPage)] {
        _ = try await send(post("classSearch/resetDataForm", [:], body: [:]), token: token, lookup: .course(prefix: subject, term: term.code))
        var answers: [(page: FetchedPage, read: ParsedPage)] = []
        var offset = 0
        while true {
            let query: KeyValuePairs = ["txt_subject": subject, "txt_term": term.code.rawValue, "pageOffset": String(offset),
                         "pageMaxSize": String(pageSize), "sortColumn": "subjectDescription", "sortDirection": "asc"]
            let page = try await send(get("searchResults/searchResults", query), token: token, lookup: .course(prefix: subject, term: term.code))
            let read: ParsedPage, total: Int, held: Range<Int>
            do throws(PageReadError) {
                (read, total, held) = try Banner9Reader().readSearch(page.bytes, source: page.source)
            } catch {
                throw .layoutChanged(error)
            }
            answers.append((page, read))
            guard held.upperBound < total else { return answers }
            guard !held.isEmpty, held.lowerBound == offset else {
                throw .layoutChanged(.unexpectedAnswer(
                    source: page.source, detail: "it holds sections \(held.lowerBound + 1)-\(held.upperBound) of \(total) where "
                        + "sections from \(offset + 1) were asked for; the search cannot be paged to its end"))
            }
            offset = held.upperBound
        }
    }

    private func read(_ page: FetchedPage) throws(CrawlError) -> ParsedPage {
        do throws(PageReadError) {
            return try Banner9Reader().read(page.bytes, source: page.source)
        } catch {
            throw .layoutChanged(error)
        }
    }

    private func send(_ request: RegistrarRequest, token: String? = nil, lookup: Lookup) async throws(CrawlError) -> FetchedPage {
        do {
            return try await source.send(request, headers: token.map { [("X-Synchronizer-Token", $0)] } ?? [], lookup: lookup)
        } catch {
            throw error == .cancelled ? .cancelled : .fetch(error)
        }
    }
}

extension Banner9Crawler {
    /// A GET of `endpoint` below the API's folder, the query in the order given.
    fileprivate func get(_ endpoint: String, _ query: KeyValuePairs<String, String>) -> RegistrarRequest {
        RegistrarRequest(method: "GET", path: path + endpoint, query: query.map { QueryItem(name: $0.key, value: $0.value) })
    }

    /// A form POST of `endpoint` below the API's folder.
    fileprivate func post(_ endpoint: String, _ query: KeyValuePairs<String, String>, body: KeyValuePairs<String, String>) -> RegistrarRequest {
        RegistrarRequest(method: "POST", path: path + endpoint, query: query.map { QueryItem(name: $0.key, value: $0.value) },
                         body: body.map { QueryItem(name: $0.key, value: $0.value) })
    }
}
