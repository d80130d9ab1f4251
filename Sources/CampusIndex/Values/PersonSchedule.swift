import CampusCore

/// How a person takes part in a section.
public enum SectionRole: String, Hashable, Codable, Sendable {
    /// Enrolled in it.
    case student
    /// Teaches it.
    case instructor
}

/// One section of a person's term and the part they play in it.
public struct ScheduledSection: Hashable, Codable, Sendable {
    public var section: Section
    public var role: SectionRole

    public init(section: Section, role: SectionRole) {
        self.section = section
        self.role = role
    }
}

/// A person's sections in one term: those they are enrolled in and those they teach.
public struct PersonSchedule: Hashable, Codable, Sendable {
    public var term: TermCode
    /// The person, when the index knows them.
    public var person: Person?
    /// Sorted by section id; a section appears once per role.
    public var sections: [ScheduledSection]

    public init(term: TermCode, person: Person?, sections: [ScheduledSection]) {
        self.term = term
        self.person = person
        self.sections = sections
    }
}
