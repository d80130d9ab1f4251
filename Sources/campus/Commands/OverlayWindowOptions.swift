import ArgumentParser
import CampusCore
import Foundation

/// Which part of the week an overlay looks at, as `campus overlay` and `campus meet` take it.
struct OverlayWindowOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The days to look at, as the registrar writes them (M T W R F S U).", valueName: "letters"))
    var days = "MTWRF"

    @Option(help: ArgumentHelp("The part of each day to look at: 8:00-17:00 (24-hour) or 8am-5pm (default: 8:00-17:00).", valueName: "start-end"))
    var between: String?

    @Flag(help: "Look at the evening too: 8:00-22:00.")
    var evening = false

    @Option(help: ArgumentHelp("Look at the one week holding this date (YYYY-MM-DD): sections with term dates count only on the days they run then.", valueName: "date"))
    var week: String?

    @Option(help: ArgumentHelp("The most people one overlay takes.", valueName: "n"))
    var max = OverlayOptions.defaultMaximumMembers

    /// The options these flags ask for, with slots of at least `minimum` minutes (`flag` names
    /// where the minimum came from); a usage error (exit 2) for malformed days, window or minimum.
    func options(minimum: Int, flag: String) throws -> OverlayOptions {
        guard let dayList = [Weekday](letters: days) else {
            throw ValidationError("--days '\(days)' is not a run of day letters; write it like MTWRF or MWF (R is Thursday, S Saturday, U Sunday).")
        }
        if between != nil, evening { throw ValidationError("give --between or --evening, not both, e.g. --between 8:00-22:00") }
        var window = evening ? DailyWindow.withEvening : .registrarDay
        if let between {
            guard let parsed = DailyWindow(parsing: between) else {
                throw ValidationError("--between '\(between)' is not a start and an end; write it like 8:00-17:00 or 9am-4:30pm.")
            }
            window = parsed
        }
        guard minimum > 0, minimum <= window.minutes else {
            let fix = minimum > 0 ? "give a shorter \(flag) (at most \(window.minutes)) or a wider --between" : "give \(flag) 50, for example"
            throw ValidationError("\(flag) \(minimum) minutes must be between 1 and the \(window.minutes) minutes of \(window); \(fix).")
        }
        guard max > 0 else { throw ValidationError("--max \(max) is not a number of people; give --max 500, for example.") }
        var weekDate: CalendarDate?
        if let week {
            guard let date = CalendarDate(iso: week) else {
                throw ValidationError("--week '\(week)' is not a date; write it like 2026-07-20 (any day of the week).")
            }
            weekDate = date
        }
        return OverlayOptions(days: dayList, window: window, minimumMinutes: minimum, maximumMembers: max, week: weekDate)
    }
}
