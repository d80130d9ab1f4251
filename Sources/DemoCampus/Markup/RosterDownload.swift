import CampusCore

/// The roster download (`reg-download.pl`): three quoted title lines, then one quoted line per student.
enum RosterDownload {
    static let columns = ["Username", "Last", "First", "Middle", "Banner ID", "Major", "Class", "Year", "Advisor", "Email"]

    /// The CSV of `section` with `students` in the given order, in the download's own meeting form (`MWF/1-2/O157`).
    static func render(_ section: Section, students: [Person], term: Term) -> String {
        let instructor = section.instructors.first?.username ?? "tba"
        var lines = [
            quoted(["Course Roster for \(section.id) (\(section.title))"]),
            quoted(["Term=\(term.name)  Instructor=\(instructor)  Credits=\(section.credits ?? 0)  "
                + "Number of Students=\(students.count)  Capacity=\(section.capacity ?? 0)"]),
            quoted(["Term Schedule=\(scheduleText(section.schedule))  Finals Schedule=\(section.finalExam?.raw ?? "")"]),
            quoted(columns),
        ]
        for student in students {
            let parts = (student.name ?? "").split(separator: " ").map(String.init)
            lines.append(quoted([
                student.username, parts.last ?? "", parts.dropLast().joined(separator: " "), "", student.bannerID ?? "",
                student.major ?? "", student.classStanding ?? "", student.year ?? "", student.advisorUsername ?? "",
                student.email ?? "",
            ]))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `MWF/1-2/O157`: class hours by the clock grid; single hours and TBA as on the pages.
    static func scheduleText(_ schedule: MeetingSchedule) -> String {
        guard !schedule.meetings.isEmpty else { return schedule.raw }
        return schedule.meetings.map { meeting in
            let first = twelveHour(meeting.start.hour)
            let time = meeting.end.hour > meeting.start.hour ? "\(first)-\(twelveHour(meeting.end.hour))" : "\(first):00"
            return "\(meeting.days.letters)/\(time)/\(meeting.room ?? "")"
        }.joined(separator: "; ")
    }

    private static func twelveHour(_ hour: Int) -> Int { hour > 12 ? hour - 12 : hour }

    private static func quoted(_ fields: [String]) -> String {
        fields.map { field in
            "\"" + field.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
        }
            .joined(separator: ",")
    }
}
