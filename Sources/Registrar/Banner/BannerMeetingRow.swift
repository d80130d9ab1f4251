import CampusCore

/// One meeting row of a Banner section, as both Banner families give it: Banner 8's
/// "Scheduled Meeting Times" table and Banner 9's `meetingsFaculty[].meetingTime`.
struct BannerMeetingRow: Sendable {
    /// What the registrar calls the meeting (Banner 8's Type: `Class`, `Lab`, `Final Exam`;
    /// Banner 9's `meetingTypeDescription`), when it says.
    var type: String?
    /// The schedule type of the meeting (`Lecture`, `LAB`).
    var scheduleType: String?
    var days: [Weekday]
    /// Start and end; `nil` when the time is to be announced.
    var times: (start: ClockTime, end: ClockTime)?
    /// The building name and room (`Hayden Hall 009`); `nil` when to be announced.
    var room: String?
    var dates: DateRange?
    /// A time or days the registrar printed that do not read (`9.15-10.20`), kept as printed.
    var unreadable: String?

    /// Exams are not weekly meetings (`Final Exam`, `EXAM`, `Midterm Exam`).
    var isExam: Bool {
        [type, scheduleType].contains { $0.map { ASCIICase.contains($0, "exam") } ?? false }
    }

    /// A lab by its type (`Lab`) or schedule type (`Laboratory`, `LAB`).
    var kind: MeetingKind {
        [type, scheduleType].contains { $0.map { ASCIICase.hasPrefix($0, "lab") } ?? false } ? .lab : .class
    }

    /// `MWR 9:15am-10:20am Hayden Hall 009`, `TBA` for a meeting without a time, what was
    /// printed for one whose time does not read.
    var text: String {
        guard let times, !days.isEmpty else {
            return ([unreadable ?? "TBA"] + [room].compactMap { $0 }).joined(separator: " ")
        }
        return ([days.letters, "\(times.start.twelveHour)-\(times.end.twelveHour)"] + [room].compactMap { $0 })
            .joined(separator: " ")
    }
}

/// Turns a Banner section's meeting rows into its weekly schedule and its final exam.
enum BannerSchedule {
    /// The weekly meetings (exams left out), `TBA` when no row has a time, and the first
    /// exam row as the final exam.
    static func assemble(_ rows: [BannerMeetingRow]) -> (schedule: MeetingSchedule, finalExam: FinalExam?) {
        let weekly = rows.filter { !$0.isExam }
        let meetings = weekly.compactMap { row -> Meeting? in
            guard let times = row.times, !row.days.isEmpty else { return nil }
            return Meeting(days: row.days, start: times.start, end: times.end, room: row.room, kind: row.kind, dates: row.dates)
        }
        let raw = weekly.map(\.text).joined(separator: "; ")
        let unreadable = weekly.compactMap(\.unreadable)
        let schedule = MeetingSchedule(
            raw: raw, meetings: meetings, isToBeAnnounced: !weekly.isEmpty && meetings.isEmpty && unreadable.isEmpty,
            unreadable: unreadable)
        return (schedule, rows.first(where: \.isExam).map(finalExam))
    }

    /// An exam row as a ``FinalExam``: its day where the row names one date (or one weekday).
    private static func finalExam(_ row: BannerMeetingRow) -> FinalExam {
        let oneDate = row.dates.flatMap { $0.first == $0.last ? $0.first : nil }
        let day = oneDate?.weekday ?? (row.days.count == 1 ? row.days[0] : nil)
        var raw = row.text
        if let dates = row.dates { raw += " " + (oneDate?.iso ?? "\(dates.first.iso) to \(dates.last.iso)") }
        return FinalExam(day: day, start: row.times?.start, room: row.room, raw: raw, dates: row.dates, end: row.times?.end)
    }
}
