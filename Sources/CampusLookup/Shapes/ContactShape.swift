import CampusCore
import Foundation

/// `campus person USER --json`, `GET /v1/people/{username}`: a contact card; absent facts are `null`,
/// the advisor left out where the policy withholds it.
///
/// ```json
/// {"username": "valer", "name": "Robin Vale", "givenName": "Robin", "familyName": "Vale",
///  "affiliation": "faculty", "email": "valer@rose-hulman.edu", "mailto": "mailto:valer@rose-hulman.edu",
///  "phone": "812-877-8411", "office": "O204", "campusMail": "CM 61",
///  "department": "Comp Science and Software Eng", "title": "Professor", "major": null, "class": null,
///  "year": null, "advisor": null, "hasPhoto": false,
///  "schedule": {"command": "campus schedule valer", "term": "202630", "url": null},
///  "directorySyncedAt": "2026-11-22T05:00:00Z"}
/// ```
public struct ContactShape: Codable, Sendable {
    /// The person's facts, written as in every other answer (``PersonShape``), at the top
    /// level of the card; a card never holds the Banner ID.
    public private(set) var person: PersonShape
    @Nullable public var givenName: String?
    @Nullable public var familyName: String?
    @Nullable public var mailto: String?
    @Nullable public var title: String?
    public var hasPhoto: Bool
    public var schedule: ScheduleLink
    @Nullable public var directorySyncedAt: String?

    /// Where to see the person's schedule.
    public struct ScheduleLink: Codable, Sendable {
        public var command: String
        @Nullable public var term: String?
        @Nullable public var url: String?
    }

    public init(_ answer: ContactAnswer) {
        let card = answer.card
        person = PersonShape(card.person).withholding(.bannerId)
        givenName = card.givenName
        familyName = card.familyName
        mailto = card.mailto
        title = card.title
        hasPhoto = card.hasPhoto
        schedule = ScheduleLink(
            command: answer.scheduleCommand, term: answer.scheduleTerm?.rawValue, url: answer.scheduleURL?.absoluteString)
        directorySyncedAt = answer.directorySyncedAt.map(Timestamp.text)
    }

    /// This card with the advisor left out, when `fields` holds it (the card has no Banner ID).
    public func withholding(_ fields: PersonFields) -> ContactShape {
        var shape = self
        shape.person = person.withholding(fields.intersection(.advisor).union(.bannerId))
        return shape
    }

    private enum CodingKeys: String, CodingKey {
        case givenName, familyName, mailto, title, hasPhoto, schedule, directorySyncedAt
    }

    public init(from decoder: any Decoder) throws {
        person = try PersonShape(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _givenName = try container.decode(Nullable<String>.self, forKey: .givenName)
        _familyName = try container.decode(Nullable<String>.self, forKey: .familyName)
        _mailto = try container.decode(Nullable<String>.self, forKey: .mailto)
        _title = try container.decode(Nullable<String>.self, forKey: .title)
        hasPhoto = try container.decode(Bool.self, forKey: .hasPhoto)
        schedule = try container.decode(ScheduleLink.self, forKey: .schedule)
        _directorySyncedAt = try container.decode(Nullable<String>.self, forKey: .directorySyncedAt)
    }

    /// The person's facts and the card's own in one object.
    public func encode(to encoder: any Encoder) throws {
        try person.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(_givenName, forKey: .givenName)
        try container.encode(_familyName, forKey: .familyName)
        try container.encode(_mailto, forKey: .mailto)
        try container.encode(_title, forKey: .title)
        try container.encode(hasPhoto, forKey: .hasPhoto)
        try container.encode(schedule, forKey: .schedule)
        try container.encode(_directorySyncedAt, forKey: .directorySyncedAt)
    }
}

/// Moments in answers: ISO 8601 in UTC to the second, `2026-11-22T05:00:00Z`.
public enum Timestamp {
    /// Written by hand: Foundation's ISO 8601 style costs more than the answer it sits in.
    public static func text(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : -((86_399 - seconds) / 86_400)
        let within = seconds - days * 86_400
        let time = [within / 3600, within % 3600 / 60, within % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }
        return CalendarDate(dayNumber: days).iso + "T" + time.joined(separator: ":") + "Z"
    }
}
