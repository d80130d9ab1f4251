import CampusCore
import Foundation

extension IndexReader {
    /// The kinds of change a section's calendar events show.
    /// (A section cancelled and added back counts too: its events were published cancelled.)
    private static let eventKinds = "('time-changed', 'room-changed', 'instructor-changed', 'section-added', 'section-cancelled')"

    /// What the change log says of `person`'s sections of `term` for their calendar: how often
    /// each changed in what its events show, and those of theirs the registrar cancelled (they
    /// were dropped from it, or taught it) and has not brought back.
    public func eventRevisions(of person: String, term: TermCode) throws -> EventRevisions {
        var revisions: [SectionID: EventRevisions.Revision] = [:]
        let values: [SQLValue] = [.text(term.rawValue)]
        for (section, count, last) in try rows("""
            SELECT changes.section, COUNT(*), MAX(refreshes.found_at) FROM changes JOIN refreshes ON refreshes.id = changes.refresh
            WHERE changes.term = ? AND changes.kind IN \(Self.eventKinds) GROUP BY changes.section
            """, values, { row in (row.string(0), row.int(1) ?? 0, row.string(2)) }) {
            guard let id = SectionID(section) else { continue }
            revisions[id] = EventRevisions.Revision(sequence: count, lastModified: try Self.utc(date(last)))
        }
        let cancelled = try rows("""
            SELECT cancel.section, COALESCE(cancel.title, ''), COALESCE(cancel.before, ''), refreshes.found_at
            FROM changes AS cancel JOIN refreshes ON refreshes.id = cancel.refresh
            WHERE cancel.term = ?1 AND cancel.kind = 'section-cancelled'
              AND NOT EXISTS (SELECT 1 FROM sections WHERE sections.term = ?1 AND sections.id = cancel.section)
              AND (cancel.person = ?2 OR EXISTS (
                    SELECT 1 FROM changes AS drop_ WHERE drop_.refresh = cancel.refresh AND drop_.section = cancel.section
                      AND drop_.kind = 'student-dropped' AND drop_.person = ?2))
              -- The latest cancellation of a section cancelled, added back and cancelled again.
              AND cancel.refresh = (SELECT MAX(latest.refresh) FROM changes AS latest
                                    WHERE latest.term = ?1 AND latest.section = cancel.section AND latest.kind = 'section-cancelled')
            ORDER BY cancel.section
            """, [.text(term.rawValue), .text(person.lowercased())]) { row in
            (row.string(0), row.string(1), row.string(2), row.string(3))
        }
        let gone = try cancelled.compactMap { section, title, before, foundAt -> EventRevisions.Cancelled? in
            guard let id = SectionID(section) else { return nil }
            let sequence = revisions[id]?.sequence ?? 1
            return EventRevisions.Cancelled(
                section: id, title: title, meetings: before == "TBA" ? 0 : before.split(separator: ";").count,
                revision: EventRevisions.Revision(sequence: sequence, lastModified: try Self.utc(date(foundAt))))
        }
        return EventRevisions(revisions: revisions, cancelled: gone)
    }

    /// The UTC date and minutes after midnight of `moment`.
    private static func utc(_ moment: Date) -> (date: CalendarDate, minutes: Int) {
        CalendarDate.utc(secondsSince1970: Int(moment.timeIntervalSince1970.rounded(.down)))
    }
}
