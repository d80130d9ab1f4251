import CampusCore

/// A roster page `?type=Roster`: one section (`CSSE474-02`) or a whole course (`CSSE474`:
/// every section and the students of all of them).
enum RosterPage {
    /// The page for `id`, listing `sections` and `students` (sorted by the caller).
    static func render(id: String, sections: [Section], students: [Person], term: Term) -> String {
        let addresses = (students.compactMap(\.email)
            + sections.flatMap(\.instructors).compactMap(\.username).map(PeoplePlanner.email(of:)))
            .map { "\($0)," }.joined()
        let tools = "<FORM action='/regweb-cgi/reg-download.pl' method='POST'>"
            + "<input type='hidden' value=\(id) name='id'><input type='submit' value='Download Roster' name='download'> </FORM> "
            + "[<A HREF=\"/regweb/roster.htm\" target=\"_blank\">Help</A>] "
            + "[<A HREF=\"mailto: \(addresses)\">Email \(id)</A>] "
            + "[<A HREF=\"\(RegSchedMarkup.href("Grid", term, id))\">Set Grid</A>] "
        return RegSchedMarkup.head(title: "Course Roster for \(id)")
            + "<TABLE WIDTH=100% COLS=2><TR><TD ALIGN=LEFT CLASS=wr100>Course Roster - \(term.name)</TD>"
            + RegSchedMarkup.signOut + "</TR><TR><TD ALIGN=LEFT CLASS=bw80>Course ID: \(id)</TD>" + RegSchedMarkup.updated
            + "</TR></TABLE><TABLE><TR><TD ALIGN=LEFT CLASS=bw70>\(tools)</TD></TR></TABLE><p>"
            + SectionsTable(term: term, courseCell: .plain).render(sections)
            + "<p>" + StudentsTable(term: term).render(students)
    }
}
