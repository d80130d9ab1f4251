import CampusCore
import Foundation

extension CampusContext {
    /// `campus schedule USER --ics`: the schedule as an iCalendar file, laid on the
    /// term's calendar from the registrar definition.
    ///
    /// - Parameter now: the moment written as every event's `DTSTAMP`.
    /// - Throws: ``ExportError/noTermCalendar(term:termName:definition:)`` when the definition has no calendar for the term.
    public func iCalendar(of answer: ScheduleAnswer, now: Date) throws(ExportError) -> String {
        guard let termCalendar = definition.calendar.terms[answer.term.code] else {
            let name = configuration.registrar.definition ?? "rose-hulman"
            throw .noTermCalendar(term: answer.term.code.rawValue, termName: answer.term.name,
                                  definition: (try? locator.definition(name).path) ?? name)
        }
        let person = answer.person
        let writer = ICalendarWriter(
            calendar: definition.calendar, term: answer.term, termCalendar: termCalendar, owner: person.username,
            title: "\(person.name ?? person.username) — \(answer.term.name)")
        return writer.write(answer.sections.map(\.section), stampedAt: Self.utcStamp(now))
    }

    /// The UTC date and minutes after midnight of `now`.
    static func utcStamp(_ now: Date) -> (date: CalendarDate, minutes: Int) {
        let seconds = Int(now.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        return (CalendarDate(dayNumber: days), (seconds - days * 86_400) / 60)
    }
}
