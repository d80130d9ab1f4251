/// The page reg-sched.pl answers a lookup that matched nothing with: HTTP 200,
/// the usual heading, the lookup in the header cell, no data tables, and
/// `<B>No Match Found for ID</B> in TERM. Check the spelling and try again.`
struct NoMatchPage: Equatable, Sendable {
    /// The header key (`Username`, `Roster`).
    var label: String
    var id: String
    /// The term asked about, when known.
    var termCode: String?

    /// The page's HTML.
    var html: String {
        let term = termCode.map(Self.termName) ?? ""
        let heading = term.isEmpty ? "Course Schedule" : "Course Schedule - \(term)"
        let scope = term.isEmpty ? "" : " in \(term)"
        return "<link REL=stylesheet HREF=/regweb/rhit_menu.css TYPE=text/css>"
            + "<link REL=stylesheet HREF=/regweb/rhit_sched.css TYPE=text/css><title>Course Schedule for \(id)</title>"
            + "<TABLE WIDTH=100% COLS=2><TR><TD ALIGN=LEFT CLASS=wr100>\(heading)</TD>"
            + "<TD ALIGN=RIGHT CLASS=wr90>Rose-Hulman Institute of Technology</TD></TR>"
            + "<TR><TD ALIGN=LEFT CLASS=bw80>\(label): \(id)</TD><TD ALIGN=RIGHT CLASS=bw70>"
            + "<A HREF=\"/regweb-cgi/reg-sched.pl\">Reset Schedule Lookup Page</A></TD></TR></TABLE>"
            + "<p><B>No Match Found for \(id)</B>\(scope). Check the spelling and try again.\n"
    }

    /// `Spring 2025-2026` for `202630` (YYYYQQ, QQ 10 fall to 40 summer); the code itself otherwise.
    static func termName(_ code: String) -> String {
        let seasons = ["10": "Fall", "20": "Winter", "30": "Spring", "40": "Summer"]
        guard code.count == 6, let year = Int(code.prefix(4)), let season = seasons[String(code.suffix(2))] else {
            return code
        }
        return "\(season) \(year - 1)-\(year)"
    }
}
