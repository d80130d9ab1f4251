import CampusCore

/// The pieces every reg-sched.pl page shares, written byte for byte as the real
/// registrar writes them: upper-case tags, unquoted attributes, `&nbsp` without `;`.
enum RegSchedMarkup {
    static let nbsp = "&nbsp"
    static let cgi = "/regweb-cgi/reg-sched.pl"

    /// The stylesheet links and the `<title>`.
    static func head(title: String) -> String {
        "<link REL=stylesheet HREF=/regweb/rhit_menu.css TYPE=text/css>"
            + "<link REL=stylesheet HREF=/regweb/rhit_sched.css TYPE=text/css><title>\(title)</title>"
    }

    /// The right-hand heading cell with the sign-out link.
    static let signOut = "<TD ALIGN=RIGHT CLASS=wr90>Rose-Hulman Institute of Technology"
        + "<a href=\"/regweb-cgi/CASlogout.pl?url=https%3A%2F%2Fprodwebxe-hv.rose-hulman.edu%3A443%2Fregweb-cgi%2Freg-sched.pl\">"
        + "&nbsp;Sign&nbsp;Out&nbsp;</a></TD>"

    /// The right-hand header cell: when the data was updated and the reset link.
    static let updated = "<TD ALIGN=RIGHT CLASS=bw70>Updated Sat Nov 21 06:00:00 2026<br>"
        + "<A HREF=\"/regweb-cgi/reg-sched.pl\">Reset Schedule Lookup Page</A><BR><BR>"
        + "<A HREF=\"http://bookstore.rose-hulman.edu/SelectTermDept.aspx\" target=\"_blank\">"
        + "Rose-Hulman Bookstore Textbook Search</A></TD>"

    /// The address of a lookup: `/regweb-cgi/reg-sched.pl?type=Roster&termcode=202630&view=tgrid&id=CSSE474-02`.
    static func href(_ type: String, _ term: Term, _ id: String) -> String {
        "\(cgi)?type=\(type)&termcode=\(term.code)&view=tgrid&id=\(id)"
    }

    /// A link to a lookup whose text is the id.
    static func link(_ type: String, _ term: Term, _ id: String) -> String {
        "<A HREF=\"\(href(type, term, id))\">\(id)</A>"
    }

    /// A name as NAME cells and header lines print it: first and last name two spaces apart.
    static func spacedName(_ person: Person?) -> String {
        guard let name = person?.name else { return nbsp }
        let parts = name.split(separator: " ")
        guard parts.count >= 2 else { return name }
        return parts.dropLast().joined(separator: " ") + "  " + parts.last!
    }

    /// `<A HREF="mailto:QUINNA@rose-hulman.edu">QUINNA@rose-hulman.edu</A>` with `label` before the address.
    static func mailto(_ address: String, label: String = "") -> String {
        "<A HREF=\"mailto:\(address)\">\(label)\(address)</A>"
    }

    /// The opening of a data table: `BORDER=1`, as every sections, students and grid table has.
    static let dataTable = "<TABLE BORDER=1 CELLSPACING=0 CELLPADDING=3>"

    /// A header row of `<TH>` cells.
    static func headerRow(_ titles: [String]) -> String {
        "<TR>" + titles.map { "<TH>\($0)</TH>" }.joined() + "</TR>\n"
    }

    /// `value`, or `&nbsp` when there is none.
    static func orNbsp(_ value: String?) -> String { value ?? nbsp }
}
