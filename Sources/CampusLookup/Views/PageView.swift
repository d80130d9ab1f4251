import CampusCore

/// What the scraper read out of one page, as `campus page FILE --json` prints it.
///
/// ```json
/// {"source": "sample-student.html", "kind": "studentSchedule", "heading": "Course Schedule - Spring 2025-2026",
///  "term": {"code": "202630", "name": "Spring 2025-2026"}, "header": {"Name": "Alex Quinn", "Room": null},
///  "person": {...}, "lookup": "quinna", "sections": [...], "roster": [...], "grid": [...],
///  "terms": [], "subjects": [], "people": [], "warnings": []}
/// ```
public struct PageView: Codable, Sendable {
    public var source: String
    public var kind: String
    public var heading: String?
    public var term: TermView?
    /// The header cell's `Key: value` lines; `null` where the page prints nothing.
    public var header: [String: String?]
    public var person: PersonView?
    public var lookup: String?
    public var sections: [SectionView]
    public var roster: [RosterEntryView]
    public var grid: [GridEntryView]
    public var terms: [TermView]
    public var subjects: [String]
    public var people: [PersonMatchView]
    public var warnings: [String]

    public init(_ page: ParsedPage) {
        source = page.source
        kind = page.kind.rawValue
        heading = page.heading
        term = page.term.map(TermView.init)
        header = Dictionary(page.header.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        person = page.person.map(PersonView.init)
        lookup = page.lookup
        sections = page.sections.map(SectionView.init)
        roster = page.roster.map(RosterEntryView.init)
        grid = page.grid.map(GridEntryView.init)
        terms = page.terms.map(TermView.init)
        subjects = page.subjects
        people = page.people.map(PersonMatchView.init)
        warnings = page.warnings.map(\.description)
    }

    /// Writes every key, `null` for absent facts, so the shape never changes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(kind, forKey: .kind)
        try container.encode(heading, forKey: .heading)
        try container.encode(term, forKey: .term)
        try container.encode(header, forKey: .header)
        try container.encode(person, forKey: .person)
        try container.encode(lookup, forKey: .lookup)
        try container.encode(sections, forKey: .sections)
        try container.encode(roster, forKey: .roster)
        try container.encode(grid, forKey: .grid)
        try container.encode(terms, forKey: .terms)
        try container.encode(subjects, forKey: .subjects)
        try container.encode(people, forKey: .people)
        try container.encode(warnings, forKey: .warnings)
    }
}

/// One roster line: `{"username": "quinna", "name": "Alex Quinn", "bannerId": "800500002", "major": "CS",
/// "class": "SR", "year": "Y3", "advisor": "valer", "email": "QUINNA@rose-hulman.edu"}`.
public struct RosterEntryView: Codable, Hashable, Sendable {
    public var username: String
    public var name: String
    public var bannerId: String?
    public var major: String?
    public var `class`: String?
    public var year: String?
    public var advisor: String?
    public var email: String?

    public init(_ entry: RosterEntry) {
        username = entry.username
        name = entry.name
        bannerId = entry.bannerID
        major = entry.major
        `class` = entry.classStanding
        year = entry.year
        advisor = entry.advisor
        email = entry.email
    }

    /// Writes every key, `null` for absent facts, so the shape never changes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(username, forKey: .username)
        try container.encode(name, forKey: .name)
        try container.encode(bannerId, forKey: .bannerId)
        try container.encode(major, forKey: .major)
        try container.encode(`class`, forKey: .class)
        try container.encode(year, forKey: .year)
        try container.encode(advisor, forKey: .advisor)
        try container.encode(email, forKey: .email)
    }
}

/// One TERM GRID entry: `{"day": "M", "column": "9:00", "section": "CSSE474-02", "room": "O159"}`.
public struct GridEntryView: Codable, Hashable, Sendable {
    public var day: String
    public var column: String
    public var section: String
    public var room: String?

    public init(_ entry: GridEntry) {
        day = String(entry.day.letter)
        column = entry.column
        section = entry.section
        room = entry.room
    }
}

/// One "Person Match" line of a last-name search.
public struct PersonMatchView: Codable, Hashable, Sendable {
    public var username: String
    public var name: String
    public var bannerId: String?
    public var campusMail: String?

    public init(_ match: PersonMatch) {
        username = match.username
        name = match.name
        bannerId = match.bannerID
        campusMail = match.campusMail
    }
}
