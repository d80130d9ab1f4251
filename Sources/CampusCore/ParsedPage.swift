/// The kinds of page the registrar families serve. A page says which it is.
public enum PageKind: String, Codable, Sendable, CaseIterable {
    /// A student's schedule (`type=Username`).
    case studentSchedule
    /// An instructor's schedule (`type=Instructor`).
    case instructorSchedule
    /// A course prefix search (`type=Course`, `CSSE3`); Banner's "Sections Found" and
    /// `searchResults`.
    case courseSearch
    /// One section's seats and waitlist (Banner 8's detail page, by CRN).
    case sectionDetail
    /// One section's roster (`type=Roster`, `CSSE474-02`).
    case sectionRoster
    /// A whole course's roster: every section and the combined students (`CSSE474`).
    case courseRoster
    /// The one roster of sections that meet together, older pages (`CSSE491-06|CSSE290-09`):
    /// each section, and their students without saying which section each is in.
    case joinedRoster
    /// A room's schedule (`type=Room`).
    case roomSchedule
    /// A last-name search's "Person Match" table.
    case lastNameSearch
    /// The search form with its `termcode` drop-down; Banner's term list.
    case termList
    /// The subjects of one term (Banner 8's `bwckgens.p_proc_term_date`, Banner 9's `get_subject`).
    case subjectList
    /// The roster CSV download.
    case rosterCSV
    /// The registrar's enrollment extract (a CSV of term, section or CRN, and student), read
    /// with the school definition's column map: who is in which section, for campuses whose
    /// class lists sit behind single sign-on.
    case enrollmentExtract
    /// A lookup that matched nothing.
    case noMatch
}

/// One `Key: value` line of a page's header cell, in page order.
public struct HeaderField: Hashable, Codable, Sendable {
    public var key: String
    /// `nil` when the page prints nothing (or `&nbsp`) after the colon.
    public var value: String?

    public init(key: String, value: String?) {
        self.key = key
        self.value = value
    }
}

/// One student line of a roster.
public struct RosterEntry: Hashable, Codable, Sendable {
    public var username: String
    public var name: String
    public var bannerID: String?
    public var major: String?
    public var classStanding: String?
    public var year: String?
    /// The advisor's username.
    public var advisor: String?
    public var email: String?
    /// Older pages: `CM 1402`.
    public var campusMail: String?

    public init(
        username: String, name: String, bannerID: String? = nil, major: String? = nil,
        classStanding: String? = nil, year: String? = nil, advisor: String? = nil, email: String? = nil,
        campusMail: String? = nil
    ) {
        self.username = username
        self.name = name
        self.bannerID = bannerID
        self.campusMail = campusMail
        self.major = major
        self.classStanding = classStanding
        self.year = year
        self.advisor = advisor
        self.email = email
    }

    /// This student as a ``Person``.
    public var person: Person {
        Person(
            username: username, name: name, bannerID: bannerID, email: email, affiliation: .student,
            major: major, classStanding: classStanding, year: year, advisorUsername: advisor, campusMail: campusMail)
    }
}

/// One line of a last-name search's "Person Match" table.
public struct PersonMatch: Hashable, Codable, Sendable {
    public var username: String
    public var name: String
    public var bannerID: String?
    public var campusMail: String?
    /// Older pages: what the person is (`faculty`, `student`).
    public var description: String?
    /// Older pages, students: `CS`.
    public var major: String?
    /// Older pages, students: `SR`.
    public var classStanding: String?
    /// Older pages, students: the advisor's username.
    public var advisor: String?

    public init(
        username: String, name: String, bannerID: String? = nil, campusMail: String? = nil,
        description: String? = nil, major: String? = nil, classStanding: String? = nil, advisor: String? = nil
    ) {
        self.username = username
        self.name = name
        self.bannerID = bannerID
        self.campusMail = campusMail
        self.description = description
        self.major = major
        self.classStanding = classStanding
        self.advisor = advisor
    }
}

/// One entry of a TERM GRID cell: `CSSE474-02 in O159` on Monday at 9:00.
public struct GridEntry: Hashable, Codable, Sendable {
    public var day: Weekday
    /// The column heading (`9:00`, `EVENING`).
    public var column: String
    public var section: String
    public var room: String?

    public init(day: Weekday, column: String, section: String, room: String?) {
        self.day = day
        self.column = column
        self.section = section
        self.room = room
    }
}

/// Something the scraper read but could not make sense of, kept with where it was.
public struct ScrapeWarning: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The page (file or URL).
    public var source: String
    /// The section it concerns, when there is one.
    public var section: String?
    public var message: String

    public init(source: String, section: String? = nil, message: String) {
        self.source = source
        self.section = section
        self.message = message
    }

    public var description: String {
        "\(source)\(section.map { " (\($0))" } ?? ""): \(message)"
    }
}

/// Everything the scraper reads out of one page.
public struct ParsedPage: Hashable, Codable, Sendable {
    /// Where the page came from (file path or URL).
    public var source: String
    public var kind: PageKind
    /// The heading (`Course Schedule - Spring 2025-2026`).
    public var heading: String?
    /// The term the page is about, from its heading or links.
    public var term: Term?
    /// The header cell's `Key: value` lines.
    public var header: [HeaderField]
    /// The person the page is about (schedules), built from the header.
    public var person: Person?
    /// What was looked up (`quinna`, `CSSE3`, `CSSE474-02`, `O159`).
    public var lookup: String?
    /// The sections table.
    public var sections: [Section]
    /// The students table (rosters).
    public var roster: [RosterEntry]
    /// The TERM GRID.
    public var grid: [GridEntry]
    /// The `termcode` drop-down (term list page).
    public var terms: [Term]
    /// Those of ``terms`` the registrar offers for viewing only (Banner's "(View only)"): past terms.
    public var viewOnlyTerms: Set<TermCode> = []
    /// The subject (department) drop-down of the search form, when present.
    public var subjects: [String]
    /// The "Person Match" table (last-name search).
    public var people: [PersonMatch]
    /// The rows of an enrollment extract, in file order.
    public var enrollments: [ExtractEnrollment] = []
    public var warnings: [ScrapeWarning]

    public init(
        source: String, kind: PageKind, heading: String? = nil, term: Term? = nil,
        header: [HeaderField] = [], person: Person? = nil, lookup: String? = nil,
        sections: [Section] = [], roster: [RosterEntry] = [], grid: [GridEntry] = [],
        terms: [Term] = [], subjects: [String] = [], people: [PersonMatch] = [],
        warnings: [ScrapeWarning] = []
    ) {
        self.source = source
        self.kind = kind
        self.heading = heading
        self.term = term
        self.header = header
        self.person = person
        self.lookup = lookup
        self.sections = sections
        self.roster = roster
        self.grid = grid
        self.terms = terms
        self.subjects = subjects
        self.people = people
        self.warnings = warnings
    }
}
