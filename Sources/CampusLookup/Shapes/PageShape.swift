import CampusCore

/// What the scraper read out of one page, as `campus page FILE --json` prints it.
///
/// ```json
/// {"source": "sample-student.html", "kind": "studentSchedule", "heading": "Course Schedule - Spring 2025-2026",
///  "term": {"code": "202630", "name": "Spring 2025-2026"}, "header": {"Name": "Alex Quinn", "Room": null},
///  "person": {...}, "lookup": "quinna", "sections": [...], "roster": [...], "grid": [...],
///  "terms": [], "subjects": [], "people": [], "enrollments": [], "warnings": []}
/// ```
public struct PageShape: Encodable, Sendable {
    public var source: String
    public var kind: String
    @Nullable public var heading: String?
    @Nullable public var term: TermShape?
    /// The header cell's `Key: value` lines; `null` where the page prints nothing.
    public var header: [String: String?]
    @Nullable public var person: PersonShape?
    @Nullable public var lookup: String?
    public var sections: [SectionShape]
    public var roster: [RosterEntryShape]
    public var grid: [GridEntryShape]
    public var terms: [TermShape]
    public var subjects: [String]
    public var people: [PersonMatchShape]
    /// An enrollment extract's rows.
    public var enrollments: [ExtractEnrollmentShape]
    public var warnings: [String]

    public init(_ page: ParsedPage) {
        source = page.source
        kind = page.kind.rawValue
        heading = page.heading
        term = page.term.map(TermShape.init)
        header = Dictionary(page.header.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        person = page.person.map(PersonShape.init)
        lookup = page.lookup
        sections = page.sections.map(SectionShape.init)
        roster = page.roster.map(RosterEntryShape.init)
        grid = page.grid.map(GridEntryShape.init)
        terms = page.terms.map(TermShape.init)
        subjects = page.subjects
        people = page.people.map(PersonMatchShape.init)
        enrollments = page.enrollments.map(ExtractEnrollmentShape.init)
        warnings = page.warnings.map(\.description)
    }
}

/// One roster line: `{"username": "quinna", "name": "Alex Quinn", "bannerId": "800500002", "campusMail": null,
/// "major": "CS", "class": "SR", "year": "Y3", "advisor": "valer", "email": "QUINNA@rose-hulman.edu"}`
/// (`campusMail` on older pages only).
public struct RosterEntryShape: Encodable, Hashable, Sendable {
    public var username: String
    public var name: String
    @Nullable public var bannerId: String?
    @Nullable public var campusMail: String?
    @Nullable public var major: String?
    @Nullable public var `class`: String?
    @Nullable public var year: String?
    @Nullable public var advisor: String?
    @Nullable public var email: String?

    public init(_ entry: RosterEntry) {
        username = entry.username
        name = entry.name
        bannerId = entry.bannerID
        campusMail = entry.campusMail
        major = entry.major
        `class` = entry.classStanding
        year = entry.year
        advisor = entry.advisor
        email = entry.email
    }
}

/// One row of an enrollment extract: `{"term": "201820", "crn": "20433", "section": null, "line": 2,
/// "student": {"username": "t00011", "name": "Lee, Ada", ...}}`.
public struct ExtractEnrollmentShape: Encodable, Hashable, Sendable {
    public var term: String
    @Nullable public var crn: String?
    @Nullable public var section: String?
    public var student: RosterEntryShape
    public var line: Int

    public init(_ row: ExtractEnrollment) {
        term = row.term.rawValue
        crn = row.crn
        section = row.section?.rawValue
        student = RosterEntryShape(row.student)
        line = row.line
    }
}

/// One TERM GRID entry: `{"day": "M", "column": "9:00", "section": "CSSE474-02", "room": "O159"}`.
public struct GridEntryShape: Encodable, Hashable, Sendable {
    public var day: String
    public var column: String
    public var section: String
    @Nullable public var room: String?

    public init(_ entry: GridEntry) {
        day = String(entry.day.letter)
        column = entry.column
        section = entry.section
        room = entry.room
    }
}

/// One "Person Match" line of a last-name search:
/// `{"username": "quinna", "name": "Alex Quinn", "bannerId": null, "campusMail": "CM 1402",
/// "description": null, "major": null, "class": null, "advisor": null}` (the last four on older pages).
public struct PersonMatchShape: Encodable, Hashable, Sendable {
    public var username: String
    public var name: String
    @Nullable public var bannerId: String?
    @Nullable public var campusMail: String?
    @Nullable public var description: String?
    @Nullable public var major: String?
    @Nullable public var `class`: String?
    @Nullable public var advisor: String?

    public init(_ match: PersonMatch) {
        username = match.username
        name = match.name
        bannerId = match.bannerID
        campusMail = match.campusMail
        description = match.description
        major = match.major
        `class` = match.classStanding
        advisor = match.advisor
    }
}
