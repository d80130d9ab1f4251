import CampusCore
import CampusIndex
import Foundation
import Testing

/// The change log a swap writes, and what a calendar makes of it.
@Suite("The change log")
struct ChangeLogTests {
    let later = Fixtures.crawledAt.addingTimeInterval(86_400)

    @Test("a room moved and a section cancelled: logged in the swap, and a calendar's sequence, last change and cancellation")
    func movedAndCancelled() throws {
        let index = try TemporaryIndex()
        let code = Fixtures.spring.code
        try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        #expect(try index.store.changes.found(ChangeQuery()).isEmpty, "a first crawl changes nothing")

        var next = Fixtures.springSnapshot
        var theory = Fixtures.theory
        theory.schedule.meetings[0].room = "O169"
        next.sections[theory.id] = theory
        next.sections[Fixtures.databases.id] = nil
        next.enrollments = next.enrollments.filter { $0.section != Fixtures.databases.id }
        try index.store.terms.replace(next, force: true, now: later)

        let found = try #require(try index.store.changes.found(ChangeQuery(term: code)).first)
        #expect(found.foundAt == later && found.source == .registrar)
        let kinds = found.changes.map { "\($0.kind.rawValue) \($0.section?.rawValue ?? "") \($0.person ?? "")" }
        #expect(kinds.contains("room-changed CSSE474-02 ") && kinds.contains("section-cancelled \(Fixtures.databases.id.rawValue) ")
                    && kinds.contains("student-dropped \(Fixtures.databases.id.rawValue) quinnellj"), "\(kinds)")

        let quinnell = try index.store.read { reader in try reader.eventRevisions(of: "quinnellj", term: code) }
        #expect(quinnell.cancelled.map(\.section) == [Fixtures.databases.id], "the student dropped by the cancellation sees it cancelled")
        #expect(quinnell.cancelled.first?.revision.sequence == 1)
        let quinna = try index.store.read { reader in try reader.eventRevisions(of: "quinna", term: code) }
        #expect(quinna.cancelled.isEmpty, "nobody else's calendar names it")
        #expect(quinna.revisions[theory.id]?.sequence == 1, "the moved section's events are revised once")
        #expect(quinna.revisions[Fixtures.objects.id] == nil)

        // Added back, then cancelled again: one cancellation, its sequence above every one before.
        try index.store.terms.replace(Fixtures.springSnapshot, force: true, now: later.addingTimeInterval(60))
        #expect(try index.store.read { reader in try reader.eventRevisions(of: "quinnellj", term: code) }.cancelled.isEmpty,
                "a section added back is not cancelled")
        try index.store.terms.replace(next, force: true, now: later.addingTimeInterval(120))
        let again = try index.store.read { reader in try reader.eventRevisions(of: "quinnellj", term: code) }
        #expect(again.cancelled.map(\.section) == [Fixtures.databases.id] && again.cancelled.first?.revision.sequence == 3, "\(again)")

        #expect(try index.store.changes.forget(before: later) == 0)
        #expect(try index.store.changes.forget(before: later.addingTimeInterval(121)) == 3, "three refreshes")
        #expect(try index.store.changes.found(ChangeQuery()).isEmpty, "retention forgets old refreshes with their changes")
    }

    @Test("a calendar writes a changed section's sequence and last change, and a cancelled one as cancelled")
    func calendar() throws {
        let stamp = (date: CalendarDate(iso: "2026-03-01")!, minutes: 0)
        let termCalendar = TermCalendar(classes: DateRange(first: CalendarDate(iso: "2026-03-02")!, last: CalendarDate(iso: "2026-05-15")!))
        let zone = CampusTimeZone(name: "America/Indiana/Indianapolis", standardOffset: -300, daylightOffset: -240)
        let writer = ICalendarWriter(
            calendar: CampusCalendar(timeZone: zone, examMinutes: 110, terms: [Fixtures.spring.code: termCalendar]), term: Fixtures.spring,
            termCalendar: termCalendar, owner: "quinna")
        let revision = EventRevisions.Revision(sequence: 2, lastModified: (CalendarDate(iso: "2026-03-10")!, 6 * 60))
        let ics = writer.write([Fixtures.theory], stampedAt: stamp, revisions: EventRevisions(
            revisions: [Fixtures.theory.id: revision],
            cancelled: [.init(section: Fixtures.databases.id, title: "Databases", meetings: 2, revision: revision)]))
        #expect(ics.contains("SEQUENCE:2\r\nLAST-MODIFIED:20260310T060000Z"))
        let cancelled = ics.components(separatedBy: "BEGIN:VEVENT").filter { $0.contains("STATUS:CANCELLED") }
        #expect(cancelled.count == 2, "each weekly pattern")
        #expect(cancelled.allSatisfy { $0.contains("UID:202630-\(Fixtures.databases.id.rawValue)-") && $0.contains("SEQUENCE:2") })
    }
}
