import CampusCore

/// The search form (`reg-sched.pl` without a lookup): the `termcode` drop-down
/// listing every term offered, newest first, and the `deptid` drop-down of subjects.
enum TermListPage {
    /// The form with `selected` pre-selected in the term drop-down.
    static func render(terms: [Term], selected: TermCode, departments: [(subject: String, name: String)]) -> String {
        let termOptions = terms.sorted { $0.code > $1.code }.map { term in
            "<OPTION VALUE=\(term.code)\(term.code == selected ? " SELECTED" : "")>\(term.name)\n"
        }.joined()
        let subjectOptions = departments.map { "<OPTION VALUE=\($0.subject)>\($0.name)\n" }.joined()
        let selectedName = terms.first { $0.code == selected }?.name ?? ""
        return RegSchedMarkup.head(title: "Schedule Lookup")
            + "<TABLE WIDTH=100% COLS=2><TR><TD ALIGN=LEFT CLASS=wr100>Schedule Lookup - \(selectedName)</TD>"
            + RegSchedMarkup.signOut + "</TR></TABLE>\n"
            + "<FORM action='/regweb-cgi/reg-sched.pl' method='POST'><INPUT TYPE=hidden NAME=view VALUE=tgrid>\n<TABLE>\n"
            + "<TR><TD CLASS=bw80>Term:</TD><TD><SELECT NAME=termcode>\n\(termOptions)</SELECT></TD></TR>\n"
            + field("Username", name: "id1", button: "bt1")
            + field("Room", name: "id4", button: "bt4")
            + field("Course", name: "id5", button: "bt5")
            + field("Lastname", name: "lnameid", button: "lnamebt")
            + "<TR><TD CLASS=bw80>Department:</TD><TD><SELECT NAME=deptid>\n\(subjectOptions)</SELECT>"
            + "<INPUT TYPE=submit NAME=deptbt VALUE=Department></TD></TR>\n</TABLE></FORM>\n"
    }

    private static func field(_ label: String, name: String, button: String) -> String {
        "<TR><TD CLASS=bw80>\(label):</TD><TD><INPUT TYPE=text NAME=\(name) SIZE=12>"
            + "<INPUT TYPE=submit NAME=\(button) VALUE=\(label)></TD></TR>\n"
    }
}
