/// One thing a refresh found changed since the refresh before it: a section's room, time,
/// instructors or seats, a section added or cancelled, a student added to or dropped from a
/// section, a person's contact details.
///
/// `before` and `after` are the facts as people read them (`MTRF 11:00am-11:50am`, `M111`),
/// kept as text so that the change log reads the same years later, whatever the index holds then.
public struct ClassChange: Hashable, Codable, Sendable {
    /// What kind of change.
    public enum Kind: String, Hashable, Codable, Sendable, CaseIterable {
        case sectionAdded = "section-added"
        case sectionCancelled = "section-cancelled"
        case timeChanged = "time-changed"
        case roomChanged = "room-changed"
        case instructorChanged = "instructor-changed"
        case capacityChanged = "capacity-changed"
        case studentAdded = "student-added"
        case studentDropped = "student-dropped"
        case contactChanged = "contact-changed"

        /// Whether the change names a student (an education record), not just a class.
        public var namesStudent: Bool { self == .studentAdded || self == .studentDropped }
    }

    public var kind: Kind
    /// The term of the section; `nil` for a person's contact change.
    public var term: TermCode?
    /// The section changed; `nil` for a person's contact change.
    public var section: SectionID?
    /// The section's title, for messages (`Modern Physics`); of a contact change, the detail changed (`phone`).
    public var title: String?
    /// The student added or dropped, the person whose contact details changed, or the
    /// instructor of a cancelled section (who is no longer found teaching it).
    public var person: String?
    /// The fact before the change; `nil` for an addition.
    public var before: String?
    /// The fact after the change; `nil` for a cancellation or a drop.
    public var after: String?
    /// The rooms whose use the change alters, for those who follow a room: where a section added
    /// meets, where a cancelled one met, where a section whose time changed meets, both the rooms
    /// a section left and the ones it moved to. Empty for other kinds.
    public var rooms: [String]

    public init(
        kind: Kind, term: TermCode? = nil, section: SectionID? = nil, title: String? = nil, person: String? = nil,
        before: String? = nil, after: String? = nil, rooms: [String] = []
    ) {
        self.kind = kind
        self.term = term
        self.section = section
        self.title = title
        self.person = person
        self.before = before
        self.after = after
        self.rooms = rooms
    }

    /// This change without the student it names (`a student added`): for a row of a username
    /// given to someone else since, which the username no longer names.
    public var namingNoStudent: ClassChange {
        var change = self
        change.person = nil
        return change
    }

    /// One line for people: `PH235-01 Modern Physics: room M111 → O169`.
    public var sentence: String {
        let what = [section?.rawValue, title].compactMap { $0 }.joined(separator: " ")
        let from = before ?? "none"
        let to = after ?? "none"
        switch kind {
        case .sectionAdded: return "\(what): added (\(to))"
        case .sectionCancelled: return "\(what): cancelled (was \(from))"
        case .timeChanged: return "\(what): time \(from) → \(to)"
        case .roomChanged: return "\(what): room \(from) → \(to)"
        case .instructorChanged: return "\(what): instructor \(from) → \(to)"
        case .capacityChanged: return "\(what): seats \(from) → \(to)"
        case .studentAdded: return "\(what): \(person ?? "a student") added"
        case .studentDropped: return "\(what): \(person ?? "a student") dropped"
        case .contactChanged: return "\(person ?? "someone"): \(title ?? "contact details") \(from) → \(to)"
        }
    }
}
