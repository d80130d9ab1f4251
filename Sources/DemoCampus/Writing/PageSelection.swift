/// Which pages a campus is rendered into, beyond the ones every term always has
/// (the term list, a course search per subject, a roster per section and a
/// schedule per instructor).
public struct PageSelection: Hashable, Sendable {
    /// Students' schedule pages for the newest this-many terms; `nil` for every term.
    public var studentPageTerms: Int?
    /// Rooms with a room schedule page each term.
    public var rooms: [String]
    /// Sections per term whose roster is also written as the CSV download.
    public var csvSectionsPerTerm: Int
    /// Last names per term with a "Person Match" page (names shared by several people first).
    public var lastNamePagesPerTerm: Int
    /// Subjects whose courses of two or more sections get a whole-course roster page (`Roster-CSSE474.html`).
    public var wholeCourseRosterSubjects: [String]

    /// Creates a selection.
    public init(
        studentPageTerms: Int?, rooms: [String], csvSectionsPerTerm: Int, lastNamePagesPerTerm: Int,
        wholeCourseRosterSubjects: [String]
    ) {
        self.studentPageTerms = studentPageTerms
        self.rooms = rooms
        self.csvSectionsPerTerm = csvSectionsPerTerm
        self.lastNamePagesPerTerm = lastNamePagesPerTerm
        self.wholeCourseRosterSubjects = wholeCourseRosterSubjects
    }

    /// The committed demo: student pages for the newest two terms, five rooms, a few CSVs and name searches.
    public static let demo = PageSelection(
        studentPageTerms: 2, rooms: ["O159", "O157", "G310", "M111", "O203-1"], csvSectionsPerTerm: 4,
        lastNamePagesPerTerm: 3, wholeCourseRosterSubjects: ["CSSE"])

    /// A benchmark campus: every page of every kind that a crawl reads.
    public static let benchmark = PageSelection(
        studentPageTerms: nil, rooms: ["O159", "O157", "G310", "M111", "O203-1"], csvSectionsPerTerm: 4,
        lastNamePagesPerTerm: 3, wholeCourseRosterSubjects: ["CSSE"])
}
