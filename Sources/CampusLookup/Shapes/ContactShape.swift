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
public struct ContactShape: Encodable, Sendable {
    public var username: String
    @Nullable public var name: String?
    @Nullable public var givenName: String?
    @Nullable public var familyName: String?
    public var affiliation: String
    @Nullable public var email: String?
    @Nullable public var mailto: String?
    @Nullable public var phone: String?
    @Nullable public var office: String?
    @Nullable public var campusMail: String?
    @Nullable public var department: String?
    @Nullable public var title: String?
    @Nullable public var major: String?
    @Nullable public var `class`: String?
    @Nullable public var year: String?
    @Withholdable public var advisor: AdvisorShape?
    public var hasPhoto: Bool
    public var schedule: ScheduleLink
    @Nullable public var directorySyncedAt: String?

    /// Where to see the person's schedule.
    public struct ScheduleLink: Encodable, Sendable {
        public var command: String
        @Nullable public var term: String?
        @Nullable public var url: String?
    }

    public init(_ answer: ContactAnswer) {
        let card = answer.card, person = card.person
        username = person.username
        name = person.name
        givenName = card.givenName
        familyName = card.familyName
        affiliation = person.affiliation.rawValue
        email = person.email
        mailto = card.mailto
        phone = person.phone
        office = person.office
        campusMail = person.campusMail
        department = person.department
        title = card.title
        major = person.major
        `class` = person.classStanding
        year = person.year
        advisor = AdvisorShape(person)
        hasPhoto = card.hasPhoto
        schedule = ScheduleLink(
            command: answer.scheduleCommand, term: answer.scheduleTerm?.rawValue, url: answer.scheduleURL?.absoluteString)
        directorySyncedAt = answer.directorySyncedAt.map(Timestamp.text)
    }

    /// This card with the advisor left out, when `fields` holds it (the card has no Banner ID).
    public func withholding(_ fields: PersonFields) -> ContactShape {
        var shape = self
        shape._advisor.isWithheld = fields.contains(.advisor)
        return shape
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
