import CampusCore
import Foundation

/// An `.ics` file of extra busy time, read as one overlay member named `busy:FILE-NAME`.
struct BusyFile {
    let path: String

    /// The member: every event's weekly times (those repeating in `term`'s days of classes,
    /// when known), or, with `week`, its times in that week.
    func member(zone: CampusTimeZone, week: CalendarDate?, term: DateRange?) throws(CampusError) -> OverlayMember {
        let url = URL(fileURLWithPath: path)
        let text: String
        do {
            text = String(decoding: try InputFile(path: path).bytes(), as: UTF8.self)
        } catch {
            throw .busyFile(path: path, problem: "cannot be read: \(error.description).")
        }
        let events: [ICalendarEvent]
        do {
            events = try ICalendarReader(zone: zone).events(in: text)
        } catch {
            throw .busyFile(path: path, problem: error.description)
        }
        return OverlayMember(id: "busy:" + url.lastPathComponent, busy: events.flatMap { $0.busy(week: week, term: term) })
    }
}
