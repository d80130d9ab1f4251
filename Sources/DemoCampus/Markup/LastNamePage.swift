import CampusCore

/// The answer to a last-name search (`lnamebt=Lastname`): a "Person Match" table
/// of USERNAME, NAME, BANNER ID, CAMPUS MAIL.
enum LastNamePage {
    static let headers = ["USERNAME", "NAME", "BANNER ID", "CAMPUS MAIL"]

    /// The page for `lastName` listing `people` (students link to their schedule, faculty to theirs).
    static func render(lastName: String, people: [Person], term: Term) -> String {
        var table = RegSchedMarkup.dataTable + RegSchedMarkup.headerRow(headers)
        for person in people {
            let type = person.affiliation == .faculty ? "Instructor" : "Username"
            let cells = [
                RegSchedMarkup.link(type, term, person.username), RegSchedMarkup.spacedName(person),
                person.bannerID ?? "", RegSchedMarkup.orNbsp(person.campusMail),
            ]
            table += "<TR>" + cells.map { "<TD>\($0)</TD>" }.joined() + "</TR>\n"
        }
        return RegSchedMarkup.head(title: "Person Match for \(lastName)")
            + "<TABLE WIDTH=100% COLS=2><TR><TD ALIGN=LEFT CLASS=wr100>Course Schedule - \(term.name)</TD>"
            + RegSchedMarkup.signOut + "</TR><TR><TD ALIGN=LEFT CLASS=bw80>Last Name: \(lastName)</TD>"
            + RegSchedMarkup.updated + "</TR></TABLE><p><B>Person Match</B>" + table + "</TABLE>\n"
    }
}
