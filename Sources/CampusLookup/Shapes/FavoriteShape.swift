import CampusCore

/// `campus favorites list --json`: one favorite, with their classes and where they are.
///
/// ```json
/// {"group": "favorites", "username": "valer", "addedAt": "2026-11-22T05:40:00Z", "inIndex": true,
///  "person": {...}, "term": {"code": "202630", "name": "Spring 2025-2026"}, "sections": [{"role": "instructor", "section": {...}}],
///  "now": {"section": "CSSE474-02", "room": "O159", "until": "09:50"}, "next": null}
/// ```
public struct FavoriteShape: Codable, Sendable {
    /// A section and the favorite's role in it.
    public struct RoleSection: Codable, Sendable {
        public var role: String
        public var section: SectionShape
    }

    /// In class now: the section, its room and when the meeting ends.
    public struct Now: Codable, Sendable {
        public var section: String
        @Nullable public var room: String?
        public var until: String
    }

    /// Free now: the next meeting, its room, day and start.
    public struct Next: Codable, Sendable {
        public var section: String
        @Nullable public var room: String?
        /// The day, as the registrar's letter (`R` is Thursday).
        public var day: String
        /// Its date (`2026-04-07`) when the term's calendar tells it; `null` otherwise.
        @Nullable public var date: String?
        public var start: String
    }

    public var group: String
    public var username: String
    public var addedAt: String
    /// `false` when the index no longer holds the person.
    public var inIndex: Bool
    @Nullable public var person: PersonShape?
    @Nullable public var term: TermShape?
    public var sections: [RoleSection]
    @Nullable public var now: Now?
    @Nullable public var next: Next?

    /// - Parameter withholding: facts about the person the policy holds back.
    public init(_ status: FavoriteStatus, withholding: PersonFields = []) {
        group = status.favorite.group
        username = status.favorite.username
        addedAt = Timestamp.text(status.favorite.addedAt)
        inIndex = status.person != nil
        person = status.person.map { PersonShape($0).withholding(withholding) }
        term = status.term.map(TermShape.init)
        sections = status.sections.map { RoleSection(role: $0.role.rawValue, section: SectionShape($0.section)) }
        (now, next) = Self.whereabouts(status.whereabouts)
    }

    /// Where a person is now, or else next.
    static func whereabouts(_ whereabouts: Whereabouts?) -> (Now?, Next?) {
        switch whereabouts {
        case .inClass(let section, let room, let until):
            (Now(section: section.rawValue, room: room, until: until.iso), nil)
        case .next(let section, let room, let day, let start, let date):
            (nil, Next(section: section.rawValue, room: room, day: String(day.letter), date: date?.iso, start: start.iso))
        case nil:
            (nil, nil)
        }
    }
}
