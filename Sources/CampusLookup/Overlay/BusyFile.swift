import CampusCore
import Foundation

/// An `.ics` file of extra busy time, read as one overlay member named `busy:FILE-NAME`.
struct BusyFile {
    let path: String

    /// The member: every event's weekly times, or, with `week`, its times in that week.
    func member(zone: CampusTimeZone, week: CalendarDate?) throws(BusyFileError) -> OverlayMember {
        let url = URL(fileURLWithPath: path)
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw BusyFileError(path: path, problem: "cannot be read (\(error.localizedDescription)); give the path of an .ics file, e.g. --busy meetings.ics.")
        }
        let events: [ICalendarEvent]
        do {
            events = try ICalendarReader(zone: zone).events(in: text)
        } catch {
            throw BusyFileError(path: path, problem: error.description)
        }
        return OverlayMember(id: "busy:" + url.lastPathComponent, busy: events.flatMap { $0.busy(week: week) })
    }
}

/// A `--busy` file that could not be read, named with what is wrong in it.
public struct BusyFileError: Error, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// What is wrong and how to fix it.
    public var problem: String

    public var description: String { "--busy \(path): \(problem)" }
}
