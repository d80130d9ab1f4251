/// How a person takes part in a section.
public enum SectionRole: String, Hashable, Codable, Sendable {
    /// Enrolled in it.
    case student
    /// Teaches it.
    case instructor
}

/// One section of a person's term and the part they play in it.
public struct ScheduledSection: Hashable, Codable, Sendable {
    /// The section, with its meetings and instructors.
    public var section: Section
    /// Whether the person takes or teaches it.
    public var role: SectionRole

    /// Pairs a section with the role the person has in it.
    public init(section: Section, role: SectionRole) {
        self.section = section
        self.role = role
    }
}

/// A person's sections in one term: those they are enrolled in and those they teach.
public struct PersonSchedule: Hashable, Codable, Sendable {
    /// The term the schedule is for.
    public var term: TermCode
    /// The person, when the index knows them.
    public var person: Person?
    /// Sorted by section id; a section appears once per role.
    public var sections: [ScheduledSection]

    /// Creates a schedule.
    public init(term: TermCode, person: Person?, sections: [ScheduledSection]) {
        self.term = term
        self.person = person
        self.sections = sections
    }
}
