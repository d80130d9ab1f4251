import CampusCore
import Foundation
import Registrar
import Testing

@Suite("Resolving --term against the offered terms")
struct TermResolutionTests {
    let offer = TermOffer(
        terms: CrawlFixtures.demoTerms, subjects: ["CSSE"],
        page: FetchedPage(source: "terms.html", lookup: .termList, bytes: [], fetchedAt: Date()))
    let clock = TermClock(
        scheme: .quarters,
        zone: CampusTimeZone(name: "America/Indiana/Indianapolis", standardOffset: -300, daylightOffset: -240))

    private func codes(_ choices: [TermChoice], on now: Date) throws -> [String] {
        try offer.resolve(choices, clock: clock, now: now).map(\.code.rawValue)
    }

    @Test("current, next and previous follow the date on campus")
    func relativeChoices() throws {
        let january = CrawlFixtures.date(year: 2026, month: 1, day: 15)
        #expect(try codes([.current], on: january) == ["202620"])
        #expect(try codes([.next], on: january) == ["202630"])
        #expect(try codes([.previous], on: january) == ["202610"])
        #expect(try codes([.code(TermCode("202640")!)], on: january) == ["202640"])
    }

    @Test("no choice means the current and the next term")
    func defaultTerms() throws {
        #expect(try codes([], on: CrawlFixtures.date(year: 2026, month: 4, day: 2)) == ["202630", "202640"])
    }

    @Test("the campus time zone decides the date: late on 28 February is still winter on campus")
    func campusTimeZone() throws {
        // 03:00 UTC on 1 March is 22:00 on 28 February in Indianapolis.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let now = utc.date(from: DateComponents(year: 2026, month: 3, day: 1, hour: 3))!
        #expect(try codes([.current], on: now) == ["202620"])
    }

    @Test("repeated choices give each term once, in the order asked")
    func repeats() throws {
        let january = CrawlFixtures.date(year: 2026, month: 1, day: 15)
        #expect(try codes([.next, .code(TermCode("202630")!), .current], on: january) == ["202630", "202620"])
    }

    @Test("a term not offered is an error that lists the offered terms")
    func unknownTerm() throws {
        let july = CrawlFixtures.date(year: 2026, month: 7, day: 1)
        let error = #expect(throws: CrawlError.self) { try codes([.next], on: july) }
        let message = error?.description ?? ""
        #expect(message.contains("202710 (the next term)"))
        #expect(message.contains("202610 (Fall 2025-2026)"))
        #expect(message.contains("202640 (Summer 2025-2026)"))
    }

    @Test("with neither the current nor the next term offered there is no default")
    func noDefault() throws {
        let later = CrawlFixtures.date(year: 2027, month: 1, day: 10)
        let error = #expect(throws: CrawlError.self) { try codes([], on: later) }
        #expect(error?.description.contains("Neither the current term 202720 nor the next term 202730 is offered") == true)
        #expect(error?.description.contains("202720") == true)
    }
}
