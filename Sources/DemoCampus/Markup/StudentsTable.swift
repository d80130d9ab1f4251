import CampusCore

/// A roster's students table: USERNAME, NAME, BANNER ID, MAJOR, CLASS, YEAR, ADVISOR, EMAIL.
struct StudentsTable {
    static let headers = ["USERNAME", "NAME", "BANNER ID", "MAJOR", "CLASS", "YEAR", "ADVISOR", "EMAIL"]

    var term: Term

    /// The table, one row per student in the order given.
    func render(_ students: [Person]) -> String {
        var html = RegSchedMarkup.dataTable + RegSchedMarkup.headerRow(Self.headers)
        for student in students {
            let email = student.email ?? ""
            let cells = [
                RegSchedMarkup.link("Username", term, student.username), RegSchedMarkup.spacedName(student),
                student.bannerID ?? "", student.major ?? "", student.classStanding ?? "", student.year ?? "",
                student.advisorUsername.map { RegSchedMarkup.link("Instructor", term, $0) } ?? RegSchedMarkup.nbsp,
                RegSchedMarkup.mailto(email),
            ]
            html += "<TR>" + cells.map { "<TD>\($0)</TD>" }.joined() + "</TR>\n"
        }
        return html + "</TABLE>\n"
    }
}
