import CampusCore

/// Pages that list sections by what they share: a course prefix (`type=Course`) or a room (`type=Room`).
enum ListingPages {
    /// The course prefix search `?type=Course&id=CSSE3`: every section whose id starts with the prefix.
    static func courseSearch(prefix: String, sections: [Section], term: Term) -> String {
        listing(
            title: "Course Schedule for \(prefix)", headerLine: "Course: \(prefix)", id: prefix, sections: sections,
            term: term)
    }

    /// The room schedule `?type=Room&id=O159`: every section meeting in the room.
    static func room(_ room: String, sections: [Section], term: Term) -> String {
        listing(title: "Room Schedule for \(room)", headerLine: "Room: \(room)", id: room, sections: sections, term: term)
    }

    private static func listing(title: String, headerLine: String, id: String, sections: [Section], term: Term) -> String {
        RegSchedMarkup.head(title: title)
            + "<TABLE WIDTH=100% COLS=2><TR><TD CLASS=wr100>Course Schedule - \(term.name)</TD>" + RegSchedMarkup.signOut
            + "</TR><TR><TD CLASS=bw80>\(headerLine)</TD></TR><TR><TD CLASS=bw70>"
            + "[<A HREF=\"\(RegSchedMarkup.href("Grid", term, id))\">Set Grid</A>]</TD>" + RegSchedMarkup.updated
            + "</TR></TABLE><p>" + SectionsTable(term: term, courseCell: .noWrap).render(sections)
            + "<p>" + TermGrid.render(sections)
    }
}
