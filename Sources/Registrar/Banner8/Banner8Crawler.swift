import CampusCore
import Foundation
import Logging

/// Banner 8's crawl plan: its Self-Service class schedule pages, asked as a browser asks them.
///
/// 1. `GET bwckschd.p_disp_dyn_sched`: the term list; it sets the session cookie, sent back
///    on every later request.
/// 2. Per term, `POST bwckgens.p_proc_term_date` (`p_calling_proc`, `p_term`): the class
///    search form, its subjects (the definition's where it lists none).
/// 3. Per subject, `POST bwckschd.p_get_crse_unsec` with every `sel_*` field, each first as
///    `dummy` (`%` for "any"): "Sections Found", or Banner's "No classes were found".
/// 4. Per section, `GET bwckschd.p_disp_detail_sched?term_in=&crn_in=`: its seats and waitlist.
///
/// An answer that reads as no Banner page (the log-in page of an expired session) is asked
/// again once in a new session; unreadable again, the term's crawl fails and the index keeps
/// the term as it was. Every page is kept.
struct Banner8Crawler: TermCrawling {
    let source: HTTPPageSource
    /// Where the procedures live below the registrar's base URL: `/udcprod8/`.
    let path: String
    /// Subjects to search where a term's search form lists none.
    let subjects: [String]
    let reader: PageReader
    let progress: (any CrawlProgress)?
    var logger = Logger(label: "campus.registrar.crawl")

    var location: String { source.location }
    var readsEnrollments: Bool { false }

    func offer() async throws(CrawlError) -> TermOffer {
        let (page, parsed) = try await termList()
        guard parsed.kind == .termList else { throw .unexpectedPage(source: page.source, expected: .termList, found: parsed.kind) }
        guard !parsed.terms.isEmpty else { throw .noTermsOffered(source: page.source) }
        return TermOffer(terms: parsed.terms, subjects: subjects, page: page, viewOnly: parsed.viewOnlyTerms)
    }

    func crawl(_ term: Term, subjects fallback: [String]) async throws(CrawlError) -> CrawlResult {
        var snapshot = TermSnapshot(term: term)
        var pages: [FetchedPage] = []
        let (form, found) = try await searchForm(term)
        pages.append(form)
        let subjects = found.isEmpty ? fallback : found
        guard !subjects.isEmpty else { throw .noCourseSearches(term: term.code, location: location) }
        var done = 0
        for subject in subjects {
            let (page, parsed) = try await search(subject, term: term)
            guard parsed.kind == .courseSearch || parsed.kind == .noMatch else {
                throw .unexpectedPage(source: page.source, expected: .courseSearch, found: parsed.kind)
            }
            snapshot.add(parsed)
            pages.append(page)
            done += 1
            await progress?.update(done: done, total: subjects.count, current: "Subject \(subject) in \(term.code)")
        }
        let crns = snapshot.sections.values.compactMap(\.crn).sorted()
        logger.info("Term \(term.code): \(snapshot.sections.count) sections from \(subjects.count) subjects; \(crns.count) details to fetch")
        for crn in crns {
            let request = RegistrarRequest(method: "GET", path: path + "bwckschd.p_disp_detail_sched",
                                           query: [QueryItem(name: "term_in", value: term.code.rawValue), QueryItem(name: "crn_in", value: crn)])
            var (page, parsed) = try read(try await send(request, lookup: .roster(id: crn, term: term.code)))
            guard parsed.kind == .sectionDetail else { throw .unexpectedPage(source: page.source, expected: .sectionDetail, found: parsed.kind) }
            // A detail page without its catalog link names no term: it is of the term asked for.
            parsed.term = parsed.term ?? term
            snapshot.add(parsed)
            pages.append(page)
            done += 1
            await progress?.update(done: done, total: subjects.count + crns.count, current: "CRN \(crn) in \(term.code)")
        }
        await progress?.finish(done: done, total: done)
        return CrawlResult(term: term, snapshot: snapshot, pages: pages, pagesFetched: pages.count, pagesFailed: 0)
    }

    /// The term list, which opens a session.
    private func termList() async throws(CrawlError) -> (FetchedPage, ParsedPage) {
        let request = RegistrarRequest(method: "GET", path: path + "bwckschd.p_disp_dyn_sched", query: [])
        return try read(try await send(request, lookup: .termList))
    }

    /// The term's class search form and the subjects it lists.
    private func searchForm(_ term: Term) async throws(CrawlError) -> (FetchedPage, [String]) {
        let request = RegistrarRequest(method: "POST", path: path + "bwckgens.p_proc_term_date", query: [], body: [
            QueryItem(name: "p_calling_proc", value: "bwckschd.p_disp_dyn_sched"), QueryItem(name: "p_term", value: term.code.rawValue),
        ])
        let (page, parsed) = try await again(inNewSession: { () async throws(CrawlError) in
            try read(try await send(request, lookup: .termList))
        })
        guard parsed.kind == .subjectList else { throw .unexpectedPage(source: page.source, expected: .subjectList, found: parsed.kind) }
        return (page, parsed.subjects)
    }

    /// One subject's "Sections Found", asked again in a new session when the answer is no Banner page.
    private func search(_ subject: String, term: Term) async throws(CrawlError) -> (FetchedPage, ParsedPage) {
        let any = "%"
        var fields = [QueryItem(name: "term_in", value: term.code.rawValue)]
        for name in ["sel_subj", "sel_day", "sel_schd", "sel_insm", "sel_camp", "sel_levl", "sel_sess", "sel_instr", "sel_ptrm", "sel_attr"] {
            fields.append(QueryItem(name: name, value: "dummy"))
        }
        fields += [
            QueryItem(name: "sel_subj", value: subject), QueryItem(name: "sel_crse", value: ""), QueryItem(name: "sel_title", value: ""),
            QueryItem(name: "sel_schd", value: any), QueryItem(name: "sel_insm", value: any), QueryItem(name: "sel_from_cred", value: ""),
            QueryItem(name: "sel_to_cred", value: ""), QueryItem(name: "sel_camp", value: any), QueryItem(name: "sel_levl", value: any),
            QueryItem(name: "sel_ptrm", value: any), QueryItem(name: "sel_instr", value: any), QueryItem(name: "sel_attr", value: any),
            QueryItem(name: "begin_hh", value: "0"), QueryItem(name: "begin_mi", value: "0"), QueryItem(name: "begin_ap", value: "a"),
            QueryItem(name: "end_hh", value: "0"), QueryItem(name: "end_mi", value: "0"), QueryItem(name: "end_ap", value: "a"),
        ]
        let request = RegistrarRequest(method: "POST", path: path + "bwckschd.p_get_crse_unsec", query: [], body: fields)
        return try await again(inNewSession: { () async throws(CrawlError) in
            try read(try await send(request, lookup: .course(prefix: subject, term: term.code)))
        }, term: term)
    }

    /// `body`, and once more in a new session (the term list fetched again, the term's form
    /// posted again) when its answer reads as no Banner page.
    private func again<T>(
        inNewSession body: () async throws(CrawlError) -> T, term: Term? = nil
    ) async throws(CrawlError) -> T {
        do {
            return try await body()
        } catch .layoutChanged(.unrecognised(let address)) {
            logger.info("\(address) reads as no Banner page (an expired session?); asking again in a new session")
            source.endSession()
            _ = try await termList()
            if let term { _ = try await searchForm(term) }
            return try await body()
        }
    }

    private func read(_ page: FetchedPage) throws(CrawlError) -> (FetchedPage, ParsedPage) {
        do throws(PageReadError) {
            return (page, try reader.read(page.bytes, source: page.source))
        } catch {
            throw .layoutChanged(error)
        }
    }

    private func send(_ request: RegistrarRequest, lookup: Lookup) async throws(CrawlError) -> FetchedPage {
        do {
            return try await source.send(request, lookup: lookup)
        } catch {
            throw error == .cancelled ? .cancelled : .fetch(error)
        }
    }
}
