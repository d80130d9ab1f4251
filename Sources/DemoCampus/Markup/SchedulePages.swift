import CampusCore

/// A person's schedule for one term: a student's (`type=Username`) or an instructor's (`type=Instructor`).
enum SchedulePages {
    /// The page `?type=Username&id=...`: header Name, Banner ID, Username, Major, Year, Advisor.
    static func student(_ student: Person, advisor: Person?, sections: [Section], term: Term) -> String {
        let header = [
            "Major: \(student.major ?? "")", "Year: \(student.year ?? "")",
            "Advisor: \(advisor.map { RegSchedMarkup.spacedName($0) } ?? RegSchedMarkup.nbsp)",
        ]
        let links = ["[<A HREF=\"\(RegSchedMarkup.href("Ucal", term, student.username))\">Download Calendar</A>]"]
        return page(for: student, header: header, links: links, cellAttributes: "ALIGN=LEFT ", sections: sections, term: term)
            .finished(courseCell: .plain)
    }

    /// The page `?type=Instructor&id=...`: header Name, Banner ID, Username, Dept, Room, Phone, Campus Mail.
    static func instructor(_ teacher: Person, sections: [Section], term: Term) -> String {
        let header = [
            "Dept: \(teacher.department ?? "")", "Room: \(RegSchedMarkup.orNbsp(teacher.office))",
            "Phone: \(RegSchedMarkup.orNbsp(teacher.phone))", "Campus Mail: \(RegSchedMarkup.orNbsp(teacher.campusMail))",
        ]
        let links = [
            "[<A HREF=\"\(RegSchedMarkup.href("Advisor", term, teacher.username))\">Advisor Roster</A>]",
            "[<A HREF=\"\(RegSchedMarkup.href("Ical", term, teacher.username))\">Download Calendar</A>]",
        ]
        return page(for: teacher, header: header, links: links, cellAttributes: "", sections: sections, term: term)
            .finished(courseCell: .noWrapStrayClose) + "\n"
    }

    /// The parts both kinds share: heading, Name/Banner ID/Username then `header`, e-mail then `links`, sections, grid.
    private static func page(
        for person: Person, header: [String], links: [String], cellAttributes: String, sections: [Section], term: Term
    ) -> Draft {
        let fields = ["Name: \(RegSchedMarkup.spacedName(person))", "Banner ID: \(person.bannerID ?? "")",
                      "Username: \(person.username)"] + header
        let linkLine = (["[\(RegSchedMarkup.mailto(person.email ?? "", label: "Email: "))]"] + links).joined(separator: " ")
        let top = RegSchedMarkup.head(title: "Course Schedule for \(person.username)")
            + "<TABLE WIDTH=100% COLS=2><TR><TD ALIGN=LEFT CLASS=wr100>Course Schedule - \(term.name)</TD>"
            + RegSchedMarkup.signOut + "</TR><TR><TD \(cellAttributes)CLASS=bw80>" + fields.joined(separator: "<br>") + "</TD>"
            + RegSchedMarkup.updated + "</TR><TR><TD \(cellAttributes)CLASS=bw70>\(linkLine)</TD></TR></TABLE><p>"
        return Draft(top: top, sections: sections, term: term)
    }

    /// A page up to its sections table, finished once the Course cell variant is known.
    private struct Draft {
        var top: String
        var sections: [Section]
        var term: Term

        func finished(courseCell cell: SectionsTable.CourseCell) -> String {
            top + SectionsTable(term: term, courseCell: cell).render(sections) + "<p>" + TermGrid.render(sections)
        }
    }
}
