import CampusCore

/// The parts of a section the sections table prints besides its time and teacher:
/// the Term Schedule text, comments, final exam, term dates and the teacher's sort name.
enum SectionDetails {
    /// The Term Schedule column for `pattern` in `room`, read as the scraper should read it.
    static func schedule(_ pattern: MeetingPattern, room: String?) -> MeetingSchedule {
        MeetingSchedule(
            raw: pattern.text(in: room ?? ""), meetings: pattern.meetings(in: room ?? ""),
            isToBeAnnounced: pattern == .toBeAnnounced || pattern == .online)
    }

    /// `W at 1:00pm in O159` for about a third of scheduled sections outside summer.
    static func finalExam(
        _ pattern: MeetingPattern, room: String?, isSummer: Bool, using random: inout SeededGenerator
    ) -> FinalExam? {
        guard !isSummer, pattern.isScheduled, let room, random.chance(0.35) else { return nil }
        let day = random.pick([Weekday.monday, .tuesday, .wednesday, .thursday])
        let start = ClockTime(hour: random.pick([8, 13, 18]), minute: 0)!
        return FinalExam(day: day, start: start, room: room, raw: "\(day.letter) at \(start.twelveHour) in \(room)")
    }

    /// Summer sections run in one of two half terms; other terms print no dates.
    static func termDates(_ term: Term, isSummer: Bool, using random: inout SeededGenerator) -> String? {
        guard isSummer else { return nil }
        let year = term.code.rawValue.prefix(4).suffix(2)
        return random.chance(0.5) ? "6/8/\(year)-7/17/\(year)" : "7/20/\(year)-8/28/\(year)"
    }

    /// `Whitfield, Dana` from `Dana Whitfield`.
    static func sortName(_ person: Person) -> String {
        let parts = (person.name ?? person.username).split(separator: " ")
        guard parts.count >= 2 else { return person.name ?? person.username }
        return "\(parts.last!), \(parts.dropLast().joined(separator: " "))"
    }

    /// Comments sections carry besides cross-listing (`&` unescaped, as the real pages print it).
    static let comments = [
        "Inclusive Access Course Fee", "Counts as CS Elective", "Count as CS/SE elective",
        "Permission of instructor required", "Lab & lecture in same room", "Freshmen only",
        "Meets with the lab section on W", "Satisfies HSS requirement",
    ]
}
