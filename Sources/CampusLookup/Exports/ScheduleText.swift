import CampusCore

/// A schedule as plain lines a person can paste into a message:
/// `CSSE474-02 Theory of Computation  MTRF 9:00-9:50  O159`.
///
/// Times are on the registrar's 12-hour clock without am/pm; several
/// meeting patterns are joined by `; `; a section with no set time prints
/// its Term Schedule text (`TBA`); a final exam follows as `Final: ...`.
public struct ScheduleText: Sendable {
    public var answer: ScheduleAnswer

    public init(_ answer: ScheduleAnswer) {
        self.answer = answer
    }

    /// `Morgan Brennan — Spring 2025-2026`.
    public var heading: String {
        "\(answer.person.name ?? answer.person.username) — \(answer.term.name)"
    }

    /// One line per section, in schedule order, each ending in a line break.
    public var lines: String {
        var text = ""
        for scheduled in answer.sections {
            text += Self.line(scheduled.section) + "\n"
        }
        return text
    }

    /// `Morgan Brennan's schedule, Spring 2025-2026`, the e-mail subject.
    public var subject: String {
        "\(answer.person.name ?? answer.person.username)'s schedule, \(answer.term.name)"
    }

    static func line(_ section: Section) -> String {
        let meetings = section.schedule.meetings.map { meeting in
            "\(meeting.days.letters) \(clock(meeting.start))-\(clock(meeting.end))" + (meeting.room.map { "  \($0)" } ?? "")
        }
        let when = meetings.isEmpty ? (section.schedule.raw.isEmpty ? "no set time" : section.schedule.raw) : meetings.joined(separator: "; ")
        var line = "\(section.id.rawValue) \(section.title)  \(when)"
        if let exam = section.finalExam { line += "  Final: \(exam.raw)" }
        return line
    }

    /// `9:00`, `2:50`: the registrar's clock.
    static func clock(_ time: ClockTime) -> String {
        let hour = time.hour % 12 == 0 ? 12 : time.hour % 12
        return "\(hour):" + (time.minute < 10 ? "0\(time.minute)" : "\(time.minute)")
    }
}
