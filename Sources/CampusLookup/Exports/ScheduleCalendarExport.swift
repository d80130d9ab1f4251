internal import CampusIndex
import CampusCore
import Foundation

extension CampusContext {
    /// `campus schedule USER --ics`: the schedule as an iCalendar file, laid on the
    /// term's calendar the index keeps from the registrar definition (or, for a term
    /// added to the definition since the index was written, the definition's own). Events
    /// of sections the change log says changed carry `SEQUENCE` and `LAST-MODIFIED`, and the
    /// person's sections the registrar cancelled are written `STATUS:CANCELLED`, so that a
    /// subscribed calendar program updates its copy.
    ///
    /// - Parameter now: the moment written as every event's `DTSTAMP`.
    /// - Throws: ``CampusError/noTermCalendar(term:termName:definition:)`` when there is no calendar for the term.
    func iCalendar(of answer: ScheduleAnswer, now: Date) throws(CampusError) -> String {
        let person = answer.person
        var (calendar, revisions) = try read { reader in
            (try campusDescription(reader).calendar, try reader.eventRevisions(of: person.username, term: answer.term.code))
        }
        if calendar.terms[answer.term.code] == nil, let fresh = try? school().campusDescription.calendar { calendar = fresh }
        guard let termCalendar = calendar.terms[answer.term.code] else {
            let name = configuration.registrar.definition ?? "rose-hulman"
            throw .noTermCalendar(term: answer.term.code.rawValue, termName: answer.term.name,
                                  definition: (try? locator.definition(name).path) ?? name)
        }
        let writer = ICalendarWriter(
            calendar: calendar, term: answer.term, termCalendar: termCalendar, owner: person.username,
            title: "\(person.name ?? person.username) — \(answer.term.name)")
        return writer.write(answer.sections.map(\.section), stampedAt: Self.utcStamp(now), revisions: revisions)
    }

    /// The UTC date and minutes after midnight of `now`.
    static func utcStamp(_ now: Date) -> (date: CalendarDate, minutes: Int) {
        CalendarDate.utc(secondsSince1970: Int(now.secondsSince1970))
    }
}
