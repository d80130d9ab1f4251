import Foundation
import CampusCore

/// A generated term as Banner 8 Self-Service prints it, in the layout of the real pages in
/// `../shared/registrar-samples/banner8/` (Northeastern's): the term list, a term's subject
/// list, "Sections Found" for a subject, and a section's detail with its seats.
enum Banner8Pages {
    /// Where the procedures live below the host (`/udcprod8/` at Northeastern).
    static let path = "/udcprod8/"

    /// `bwckschd.p_disp_dyn_sched`: the term drop-down, newest first; past terms marked "(View only)".
    static func termList(_ terms: [Term], open: Set<TermCode>) -> String {
        let options = terms.reversed().map { term in
            "<OPTION VALUE=\"\(term.code)\">\(escape(term.name))\(open.contains(term.code) ? "" : " (View only)")"
        }
        return page(title: "Dynamic Schedule", body: """
            <FORM ACTION="\(path)bwckgens.p_proc_term_date" METHOD="post">
            <INPUT TYPE="hidden" NAME="p_calling_proc" VALUE="bwckschd.p_disp_dyn_sched">
            <TABLE CLASS="dataentrytable" SUMMARY="This layout table is used for term selection.">
            <TR><TD CLASS="dedefault"><LABEL for=term_input_id><SPAN class="fieldlabeltext">Search by Term: </SPAN></LABEL>
            <SELECT NAME="p_term" SIZE="1" ID="term_input_id">
            <OPTION VALUE="">None
            \(options.joined(separator: "\n"))
            </SELECT></TD></TR></TABLE>
            <INPUT TYPE="submit" VALUE="Submit"></FORM>
            """)
    }

    /// `bwckgens.p_proc_term_date`: the class search form of a term, its subjects in a drop-down.
    static func subjects(_ subjects: [(code: String, name: String)], term: Term) -> String {
        page(title: "Class Schedule Search", body: """
            <FORM ACTION="\(path)bwckschd.p_get_crse_unsec" METHOD="post">
            <INPUT TYPE="hidden" NAME="term_in" VALUE="\(term.code)">
            <INPUT TYPE="hidden" NAME="sel_subj" VALUE="dummy">
            <TABLE CLASS="dataentrytable" SUMMARY="This layout table is used for search criteria.">
            <TR><TD CLASS="delabel" scope="row"><SPAN class="fieldlabeltext">Subject:</SPAN></TD>
            <TD CLASS="dedefault"><SELECT NAME="sel_subj" SIZE="10" MULTIPLE ID="subj_id">
            \(subjects.map { "<OPTION VALUE=\"\($0.code)\">\(escape($0.name))" }.joined(separator: "\n"))
            </SELECT></TD></TR></TABLE>
            <INPUT TYPE="submit" VALUE="Class Search"></FORM>
            """)
    }

    /// `bwckschd.p_get_crse_unsec`: "Sections Found", or Banner's sentence when none is.
    static func sectionsFound(_ sections: [Section], term: Term, days: DateRange?, emailDomain: String) -> String {
        guard !sections.isEmpty else {
            return page(title: "Class Schedule Listing", body: """
                <SPAN class="warningtext">No classes were found that meet your search criteria</SPAN>
                """)
        }
        let rows = sections.map { section in
            let id = section.id
            let number = id.course.dropFirst(id.subject.count)
            return """
                <TR>
                <TH CLASS="ddtitle" scope="colgroup" ><A HREF="\(path)bwckschd.p_disp_detail_sched?term_in=\(term.code)&amp;crn_in=\(section.crn ?? "")">\(escape(section.title)) - \(section.crn ?? "") - \(id.subject) \(number) - \(id.section)</A></TH>
                </TR>
                <TR>
                <TD CLASS="dddefault">
                <SPAN class="fieldlabeltext">Associated Term: </SPAN>\(escape(term.name)) 
                <BR>
                <SPAN class="fieldlabeltext">Levels: </SPAN>Undergraduate 
                <BR>
                <BR>
                Main Campus
                <BR>
                Lecture Schedule Type
                <BR>
                       \(section.credits.map { "\($0).000" } ?? "0.000") Credits
                <BR>
                <BR>
                <TABLE  CLASS="datadisplaytable" SUMMARY="This table lists the scheduled meeting times and assigned instructors for this class.."><CAPTION class="captiontext">Scheduled Meeting Times</CAPTION>
                <TR>
                <TH CLASS="ddheader" scope="col" >Type</TH>
                <TH CLASS="ddheader" scope="col" >Time</TH>
                <TH CLASS="ddheader" scope="col" >Days</TH>
                <TH CLASS="ddheader" scope="col" >Where</TH>
                <TH CLASS="ddheader" scope="col" >Date Range</TH>
                <TH CLASS="ddheader" scope="col" >Schedule Type</TH>
                <TH CLASS="ddheader" scope="col" >Instructors</TH>
                </TR>
                \(meetingRows(section, days: days, emailDomain: emailDomain))
                </TABLE>
                <BR>
                <BR>
                </TD>
                </TR>
                """
        }
        return page(title: "Class Schedule Listing", body: """
            <TABLE  CLASS="datadisplaytable" SUMMARY="This layout table is used to present the sections found" width="100%"><CAPTION class="captiontext">Sections Found</CAPTION>
            \(rows.joined(separator: "\n"))
            </TABLE>
            """)
    }

    /// `bwckschd.p_disp_detail_sched`: one section's detail, its seats and waitlist.
    static func detail(_ section: Section, term: Term) -> String {
        let id = section.id
        let capacity = section.capacity ?? 0, actual = section.enrolled ?? 0
        return page(title: "Detailed Class Information", body: """
            <TABLE CLASS="datadisplaytable" SUMMARY="This table is used to present the detailed class information." width="100%">
            <CAPTION class="captiontext">Detailed Class Information</CAPTION>
            <TR><TH CLASS="ddlabel" scope="row">\(escape(section.title)) - \(section.crn ?? "") - \(id.subject) \(id.course.dropFirst(id.subject.count)) - \(id.section)<BR><BR></TH></TR>
            <TR><TD CLASS="dddefault">
            <SPAN class="fieldlabeltext">Associated Term: </SPAN>\(escape(term.name))
            <BR>
            <BR> Main Campus
            <BR> Lecture Schedule Type
            <BR> Credit Hours: \(section.credits.map { "\($0).000" } ?? "0.000")
            <BR>
            <A HREF="\(path)bwckctlg.p_display_courses?term_in=\(term.code)&amp;one_subj=\(id.subject)&amp;sel_crse_strt=\(id.course.dropFirst(id.subject.count))&amp;sel_crse_end=\(id.course.dropFirst(id.subject.count))">View Catalog Entry</A>
            <BR>
            <TABLE CLASS="datadisplaytable" SUMMARY="This layout table is used to present the seating numbers." width="100%">
            <CAPTION class="captiontext">Registration Availability</CAPTION>
            <TR><TD CLASS="dddead">&nbsp;</TD>
            <TH CLASS="ddheader" scope="col"><SPAN class="fieldlabeltext">Capacity</SPAN></TH>
            <TH CLASS="ddheader" scope="col"><SPAN class="fieldlabeltext">Actual</SPAN></TH>
            <TH CLASS="ddheader" scope="col"><SPAN class="fieldlabeltext">Remaining</SPAN></TH></TR>
            <TR><TH CLASS="ddlabel" scope="row"><SPAN class="fieldlabeltext">Seats</SPAN></TH>
            <TD CLASS="dddefault">\(capacity)</TD><TD CLASS="dddefault">\(actual)</TD><TD CLASS="dddefault">\(max(0, capacity - actual))</TD></TR>
            <TR><TH CLASS="ddlabel" scope="row"><SPAN class="fieldlabeltext">Waitlist Seats</SPAN></TH>
            <TD CLASS="dddefault">0</TD><TD CLASS="dddefault">0</TD><TD CLASS="dddefault">0</TD></TR>
            </TABLE>
            </TD></TR></TABLE>
            """)
    }

    /// A row per meeting; one of time and place "TBA" for a section without any, as Banner prints it.
    private static func meetingRows(_ section: Section, days: DateRange?, emailDomain: String) -> String {
        guard !section.schedule.meetings.isEmpty else { return meetingRow(nil, section: section, days: days, emailDomain: emailDomain) }
        return section.schedule.meetings.map { meetingRow($0, section: section, days: days, emailDomain: emailDomain) }.joined(separator: "\n")
    }

    private static func meetingRow(_ meeting: Meeting?, section: Section, days: DateRange?, emailDomain: String) -> String {
        let instructors = section.instructors.enumerated().map { position, instructor in
            let name = Person.displayName(fromSortName: instructor.name)
            let primary = position == 0 ? " (<ABBR title= \"Primary\">P</ABBR>)" : ""
            let mail = instructor.username.map {
                "<A HREF=\"mailto:\($0)@\(emailDomain)\"  target=\"\(escape(name))\" ><IMG SRC=\"/wtlgifs/web_email.gif\" ALT=\"E-mail\" TITLE=\"E-mail\" NAME=\"web_email\" HSPACE=0 VSPACE=0 BORDER=0 HEIGHT=28 WIDTH=28></A>"
            } ?? ""
            return escape(name) + primary + mail
        }
        return """
            <TR>
            <TD CLASS="dddefault">\(meeting?.kind == .lab ? "Lab" : "Class")</TD>
            <TD CLASS="dddefault">\(meeting.map { "\(time($0.start)) - \(time($0.end))" } ?? "<ABBR title = \"To Be Announced\">TBA</ABBR>")</TD>
            <TD CLASS="dddefault">\(meeting.map { $0.days.map { String($0.letter) }.joined() } ?? "&nbsp;")</TD>
            <TD CLASS="dddefault">\(escape(meeting?.room ?? "TBA"))</TD>
            <TD CLASS="dddefault">\(days.map { "\(date($0.first)) - \(date($0.last))" } ?? "")</TD>
            <TD CLASS="dddefault">Lecture</TD>
            <TD CLASS="dddefault">\(instructors.isEmpty ? "TBA" : instructors.joined(separator: ", "))</TD>
            </TR>
            """
    }

    /// `9:15 am`, as Banner 8 prints a time.
    static func time(_ time: ClockTime) -> String {
        let hour = time.hour % 12 == 0 ? 12 : time.hour % 12
        return "\(hour):\(String(time.minute).leftPadded(to: 2)) \(time.hour < 12 ? "am" : "pm")"
    }

    /// `Sep 09, 2015`.
    static func date(_ day: CalendarDate) -> String {
        "\(day.monthAbbreviation) \(String(day.day).leftPadded(to: 2)), \(day.year)"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/transitional.dtd">
        <HTML lang="en">
        <HEAD>
        <META http-equiv="Content-Type" content="text/html; charset=UTF-8">
        <TITLE>\(title)</TITLE>
        </HEAD>
        <BODY>
        <DIV class="pagetitlediv"><H2>\(title)</H2></DIV>
        <DIV class="pagebodydiv">
        \(body)
        </DIV>
        </BODY>
        </HTML>

        """
    }
}
