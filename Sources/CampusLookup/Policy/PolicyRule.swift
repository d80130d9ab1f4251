/// What a policy decides on: each kind of fact, and who may see it.
public enum PolicyRule: String, CaseIterable, Hashable, Sendable {
    /// Directory information: name, e-mail, phone, office, department, title, major, class, photo.
    case directory
    /// Banner IDs.
    case bannerId
    /// A person's education record: their classes in a term, their history, their advisor.
    case schedule
    /// A section's students with every field.
    case roster
    /// A section's students as names and e-mail only.
    case rosterNames
    /// Rooms, courses, sections and instructors' teaching, without students.
    case listings
    /// People the directory suppresses (the FERPA opt-out).
    case suppressed
    /// The record of disclosures.
    case audit

    /// What the rule covers, in words, for denials.
    public var covers: String {
        switch self {
        case .directory: "directory information (name, e-mail, phone, office, department, title, major, class, photo)"
        case .bannerId: "Banner IDs"
        case .schedule: "a person's classes, history and advisor"
        case .roster: "a section's roster"
        case .rosterNames: "the names and e-mail addresses of a section's students"
        case .listings: "rooms, courses and sections"
        case .suppressed: "people the directory suppresses"
        case .audit: "the record of disclosures"
        }
    }
}
