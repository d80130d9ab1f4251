import CampusCore
import CampusIndex
import Foundation

/// A favorite as the JSON output shows it.
///
/// ```json
/// {"group": "favorites", "username": "valer", "addedAt": "2026-11-22T05:40:00Z", "inIndex": true,
///  "person": {...}, "term": {"code": "202630", "name": "Spring 2025-2026"}, "sections": [{"role": "instructor", ...}],
///  "now": {"section": "CSSE474-02", "room": "O159", "until": "09:50"}, "next": null}
/// ```
public struct FavoriteStatusView: Encodable, Sendable {
    /// A section and the favorite's role in it.
    public struct RoleSection: Encodable, Sendable {
        public var role: String
        public var section: SectionView
    }

    /// Where the favorite is now, or next: `day` and `start` for next, `until` for now.
    public struct Place: Encodable, Sendable {
        public var section: String
        public var room: String?
        public var day: String?
        public var start: String?
        public var until: String?
    }

    public var group: String
    public var username: String
    public var addedAt: String
    /// `false` when the index no longer holds the person.
    public var inIndex: Bool
    public var person: PersonView?
    public var term: TermView?
    public var sections: [RoleSection]
    public var now: Place?
    public var next: Place?

    public init(_ status: FavoriteStatus) {
        group = status.favorite.group
        username = status.favorite.username
        addedAt = ISO8601DateFormatter().string(from: status.favorite.addedAt)
        inIndex = status.person != nil
        person = status.person.map(PersonView.init)
        term = status.term.map(TermView.init)
        sections = status.sections.map { RoleSection(role: $0.role.rawValue, section: SectionView($0.section)) }
        switch status.whereabouts {
        case .inClass(let section, let room, let until):
            now = Place(section: section.rawValue, room: room, until: until.iso)
        case .next(let section, let room, let day, let start):
            next = Place(section: section.rawValue, room: room, day: day.name, start: start.iso)
        case nil:
            break
        }
    }

    private enum CodingKeys: String, CodingKey {
        case group, username, addedAt, inIndex, person, term, sections, now, next
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(group, forKey: .group)
        try container.encode(username, forKey: .username)
        try container.encode(addedAt, forKey: .addedAt)
        try container.encode(inIndex, forKey: .inIndex)
        try container.encode(person, forKey: .person)
        try container.encode(term, forKey: .term)
        try container.encode(sections, forKey: .sections)
        try container.encode(now, forKey: .now)
        try container.encode(next, forKey: .next)
    }
}
