import CampusCore

/// The sections table (Course, CRN, ... Term Dates) in the variants pages use.
struct SectionsTable {
    /// How the Course cell is written: the variants differ between page kinds.
    enum CourseCell {
        /// `<TD><A ...>` (schedules of students, rosters).
        case plain
        /// `<TD nowrap='Y'><A ...>` (course and room searches).
        case noWrap
        /// `<TD nowrap='Y'><A ...></TD></TD>`, with the stray close tag (instructor schedules).
        case noWrapStrayClose
    }

    static let headers = [
        "Course", "CRN", "Course Title", "Instructor", "CrHrs", "Enrl", "Cap", "Term Schedule", "Comments",
        "Final Exam Schedule", "Term Dates",
    ]

    var term: Term
    var courseCell: CourseCell

    /// The whole table, header row first, rows in the order given.
    func render(_ sections: [Section]) -> String {
        var html = RegSchedMarkup.dataTable + RegSchedMarkup.headerRow(Self.headers)
        for section in sections { html += row(section) }
        return html + "</TABLE>\n"
    }

    private func row(_ section: Section) -> String {
        let link = RegSchedMarkup.link("Roster", term, section.id.rawValue)
        let course = switch courseCell {
        case .plain: "<TD>\(link)</TD>"
        case .noWrap: "<TD nowrap='Y'>\(link)</TD>"
        case .noWrapStrayClose: "<TD nowrap='Y'>\(link)</TD></TD>"
        }
        let cells = [
            section.crn ?? "", section.title, instructor(section), credits(section),
            section.enrolled.map(String.init) ?? "", section.capacity.map(String.init) ?? "",
            section.schedule.raw, RegSchedMarkup.orNbsp(section.comments), section.finalExam?.raw ?? "",
            section.termDates ?? "",
        ]
        return "<TR>" + course + cells.map { "<TD>\($0)</TD>" }.joined() + "</TR>\n"
    }

    /// `Vale, Robin (<A ...>valer</A>)`, or ` (<A ...>tba</A>)` when nobody is assigned.
    private func instructor(_ section: Section) -> String {
        guard let teacher = section.instructors.first, let username = teacher.username else {
            return " (\(RegSchedMarkup.link("Instructor", term, "tba")))"
        }
        return "\(teacher.name) (\(RegSchedMarkup.link("Instructor", term, username)))"
    }

    /// The credit hours; now and then followed by a newline, as the real pages do.
    private func credits(_ section: Section) -> String {
        let text = section.credits.map(String.init) ?? ""
        return (Int(section.crn ?? "") ?? 1) % 13 == 0 ? text + "\n" : text
    }
}
