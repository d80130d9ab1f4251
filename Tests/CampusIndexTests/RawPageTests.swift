import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("Raw page store")
struct RawPageTests {
    let page = Array("<HTML><BODY>CSSE474-02 Theory of Computation &nbsp</BODY></HTML>\n".utf8) + Array(repeating: 0x20, count: 5000)

    @Test("a page is new, then unchanged, then changed, and reads back byte for byte")
    func newUnchangedChanged() throws {
        let index = try TemporaryIndex()
        let term = Fixtures.spring.code
        #expect(try index.store.pages.store(source: "roster-CSSE474-02.html", term: term, bytes: page, now: Fixtures.crawledAt) == .new)
        #expect(try index.store.pages.store(source: "roster-CSSE474-02.html", term: term, bytes: page, now: Fixtures.crawledAt) == .unchanged)
        let edited = page + Array("<!-- edited -->".utf8)
        let later = Fixtures.crawledAt.addingTimeInterval(3600)
        #expect(try index.store.pages.store(source: "roster-CSSE474-02.html", term: term, bytes: edited, now: later) == .changed)

        #expect(try index.store.pages.pages(term: term) == [
            RawPage(source: "roster-CSSE474-02.html", term: term, bytes: edited, fetchedAt: later)
        ])
    }

    @Test("pages are listed per term or all together; empty and binary pages survive compression")
    func filterAndEdgeCases() throws {
        let index = try TemporaryIndex()
        let binary = (0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 97) }
        try index.store.pages.store(source: "b.csv", term: Fixtures.fall.code, bytes: binary, now: Fixtures.crawledAt)
        try index.store.pages.store(source: "a.html", term: Fixtures.spring.code, bytes: page, now: Fixtures.crawledAt)
        try index.store.pages.store(source: "terms.html", term: nil, bytes: [], now: Fixtures.crawledAt)

        #expect(try index.store.pages.pages(term: Fixtures.fall.code).map(\.bytes) == [binary])
        #expect(try index.store.pages.pages(term: nil).map(\.source) == ["a.html", "b.csv", "terms.html"])
        #expect(try index.store.pages.pages(term: nil).last?.bytes == [])
    }

    @Test("pages can be listed by source and read one at a time")
    func oneAtATime() throws {
        let index = try TemporaryIndex()
        try index.store.pages.store(source: "b.html", term: Fixtures.spring.code, bytes: page, now: Fixtures.crawledAt)
        try index.store.pages.store(source: "a.html", term: Fixtures.spring.code, bytes: [1, 2, 3], now: Fixtures.crawledAt)
        try index.store.pages.store(source: "c.html", term: Fixtures.fall.code, bytes: [4], now: Fixtures.crawledAt)

        #expect(try index.store.pages.sources(term: Fixtures.spring.code) == ["a.html", "b.html"])
        #expect(try index.store.pages.sources(term: nil) == ["a.html", "b.html", "c.html"])
        #expect(try index.store.pages.page(source: "b.html")?.bytes == page)
        #expect(try index.store.pages.page(source: "missing.html") == nil)
    }

    @Test("the crawl log keeps fetches with and without a body, newest first")
    func crawlLog() throws {
        let index = try TemporaryIndex()
        try index.store.pages.logFetch(url: "https://registrar.example.edu/reg-sched.pl?type=Roster", status: .new,
                                 hash: "00aa", bytes: 5120, now: Fixtures.crawledAt)
        try index.store.pages.logFetch(url: "https://registrar.example.edu/reg-sched.pl?type=Room", status: .unchanged,
                                 hash: nil, bytes: 0, now: Fixtures.crawledAt)
        let log = try index.store.pages.fetchLog(limit: 10)
        #expect(log.map(\.status) == [.unchanged, .new])
        #expect(log.last == FetchLogEntry(
            url: "https://registrar.example.edu/reg-sched.pl?type=Roster", status: .new, hash: "00aa", bytes: 5120,
            fetchedAt: Fixtures.crawledAt))
    }

    @Test("pruning forgets only the term's pages a crawl no longer fetched")
    func prune() throws {
        let index = try TemporaryIndex()
        for source in ["kept.html", "dropped.html"] {
            try index.store.pages.store(source: source, term: Fixtures.spring.code, bytes: page, now: Fixtures.crawledAt)
        }
        try index.store.pages.store(source: "other-term.html", term: Fixtures.fall.code, bytes: page, now: Fixtures.crawledAt)
        #expect(try index.store.pages.prune(term: Fixtures.spring.code, keeping: ["kept.html"]) == 1)
        #expect(try index.store.pages.sources(term: nil) == ["kept.html", "other-term.html"])
    }
}
