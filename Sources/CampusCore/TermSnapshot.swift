/// Who is in a section in a term, and in what role.
public struct Enrollment: Hashable, Codable, Sendable {
    public var section: SectionID
    public var username: String
    /// The Banner ID the registrar's row gave the student, when it gave one: which person the
    /// username meant then, should it later be given to someone else. Not part of which
    /// enrollment this is (a section and a username).
    public var bannerID: String?

    public init(section: SectionID, username: String, bannerID: String? = nil) {
        self.section = section
        self.username = username
        self.bannerID = bannerID.flatMap { $0.isEmpty ? nil : $0 }
    }

    public static func == (left: Enrollment, right: Enrollment) -> Bool {
        left.section == right.section && left.username == right.username
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(section)
        hasher.combine(username)
    }
}

/// Everything known about one term: the unit the index stores and swaps.
///
/// A crawl builds a whole snapshot and replaces the term with it; importing
/// single pages merges a partial snapshot into what the index holds.
public struct TermSnapshot: Hashable, Codable, Sendable {
    public var term: Term
    /// Sections by id.
    public var sections: [SectionID: Section]
    /// People by username (students, instructors).
    public var people: [String: Person]
    /// Students in sections.
    public var enrollments: Set<Enrollment>
    /// The sections whose whole roster a page listed: their enrollments are all in
    /// ``enrollments``, so merging them replaces what the index held of them.
    public var rostered: Set<SectionID>
    /// Warnings collected while reading the pages.
    public var warnings: [ScrapeWarning]

    public init(
        term: Term, sections: [SectionID: Section] = [:], people: [String: Person] = [:],
        enrollments: Set<Enrollment> = [], rostered: Set<SectionID> = [], warnings: [ScrapeWarning] = []
    ) {
        self.term = term
        self.sections = sections
        self.people = people
        self.enrollments = enrollments
        self.rostered = rostered
        self.warnings = warnings
    }

    /// Adds a person, filling fields already known rather than replacing them.
    public mutating func add(_ person: Person) {
        if let known = people[person.username] {
            people[person.username] = person.filling(from: known)
        } else {
            people[person.username] = person
        }
    }

    /// Adds a section; a later reading of the same section replaces the earlier one
    /// but keeps facts that only the earlier reading had (its meetings, where the later
    /// reading has no schedule at all).
    public mutating func add(_ section: Section) {
        guard let known = sections[section.id] else {
            sections[section.id] = section
            return
        }
        var merged = section
        // A page that says nothing of when it meets (Banner's detail page) keeps the meetings read elsewhere.
        if section.schedule == .none { merged.schedule = known.schedule }
        merged.crn = section.crn ?? known.crn
        merged.credits = section.credits ?? known.credits
        merged.enrolled = section.enrolled ?? known.enrolled
        merged.capacity = section.capacity ?? known.capacity
        merged.finalExam = section.finalExam ?? known.finalExam
        merged.termDates = section.termDates ?? known.termDates
        merged.comments = section.comments ?? known.comments
        merged.creditRange = section.creditRange ?? known.creditRange
        merged.campus = section.campus ?? known.campus
        merged.scheduleType = section.scheduleType ?? known.scheduleType
        merged.waitlist = section.waitlist ?? known.waitlist
        merged.linkIdentifier = section.linkIdentifier ?? known.linkIdentifier
        merged.crossListGroup = section.crossListGroup ?? known.crossListGroup
        if merged.instructors.isEmpty { merged.instructors = known.instructors }
        sections[section.id] = merged
    }

    /// Adds what a section's detail page says (its seats and waitlist, and credits and campus
    /// where no other page said them) to the section as another page read it; a section no
    /// other page read is added as it is. A detail page whose CRN is not the section's is a
    /// warning, and adds nothing.
    public mutating func addSeats(of section: Section, source: String) {
        guard var known = sections[section.id] else {
            sections[section.id] = section
            return
        }
        if let crn = section.crn, let knownCRN = known.crn, crn != knownCRN {
            warnings.append(ScrapeWarning(
                source: source, section: section.id.rawValue,
                message: "the detail page is of CRN \(crn), the section read elsewhere of CRN \(knownCRN); not used"))
            return
        }
        known.crn = known.crn ?? section.crn
        known.capacity = section.capacity ?? known.capacity
        known.enrolled = section.enrolled ?? known.enrolled
        known.waitlist = section.waitlist ?? known.waitlist
        if known.credits == nil, known.creditRange == nil {
            known.credits = section.credits
            known.creditRange = section.creditRange
        }
        known.campus = known.campus ?? section.campus
        sections[section.id] = known
    }

    /// Links the sections that share a cross-list group (Banner's `crossList`), across every
    /// page of the term read so far: a search answers one subject, and a group spans subjects.
    public mutating func linkCrossListGroups() {
        for section in Array(sections.values).linkingCrossListGroups() { sections[section.id] = section }
    }
}
