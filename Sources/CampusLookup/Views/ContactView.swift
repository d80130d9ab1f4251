import CampusCore
import Foundation

/// `campus person USER --json`: a contact card; absent facts are `null`.
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
public struct ContactView: Encodable, Sendable {
    public var username: String
    public var name: String?
    public var givenName: String?
    public var familyName: String?
    public var affiliation: String
    public var email: String?
    public var mailto: String?
    public var phone: String?
    public var office: String?
    public var campusMail: String?
    public var department: String?
    public var title: String?
    public var major: String?
    public var `class`: String?
    public var year: String?
    public var advisor: AdvisorView?
    public var hasPhoto: Bool
    public var schedule: ScheduleLink
    public var directorySyncedAt: String?

    /// Where to see the person's schedule.
    public struct ScheduleLink: Encodable, Sendable {
        public var command: String
        public var term: String?
        public var url: String?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(command, forKey: .command)
            try container.encode(term, forKey: .term)
            try container.encode(url, forKey: .url)
        }

        enum CodingKeys: String, CodingKey {
            case command, term, url
        }
    }

    public init(_ answer: ContactAnswer) {
        let card = answer.card, person = card.person
        let base = PersonView(person)
        username = person.username
        name = person.name
        givenName = card.givenName
        familyName = card.familyName
        affiliation = base.affiliation
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
        advisor = base.advisor
        hasPhoto = card.hasPhoto
        schedule = ScheduleLink(
            command: answer.scheduleCommand, term: answer.scheduleTerm?.rawValue, url: answer.scheduleURL?.absoluteString)
        directorySyncedAt = answer.directorySyncedAt?.formatted(.iso8601)
    }

    /// Writes every key, `null` for absent facts, so the shape never changes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(username, forKey: .username)
        try container.encode(name, forKey: .name)
        try container.encode(givenName, forKey: .givenName)
        try container.encode(familyName, forKey: .familyName)
        try container.encode(affiliation, forKey: .affiliation)
        try container.encode(email, forKey: .email)
        try container.encode(mailto, forKey: .mailto)
        try container.encode(phone, forKey: .phone)
        try container.encode(office, forKey: .office)
        try container.encode(campusMail, forKey: .campusMail)
        try container.encode(department, forKey: .department)
        try container.encode(title, forKey: .title)
        try container.encode(major, forKey: .major)
        try container.encode(`class`, forKey: .class)
        try container.encode(year, forKey: .year)
        try container.encode(advisor, forKey: .advisor)
        try container.encode(hasPhoto, forKey: .hasPhoto)
        try container.encode(schedule, forKey: .schedule)
        try container.encode(directorySyncedAt, forKey: .directorySyncedAt)
    }

    enum CodingKeys: String, CodingKey {
        case username, name, givenName, familyName, affiliation, email, mailto, phone, office, campusMail
        case department, title, major, `class`, year, advisor, hasPhoto, schedule, directorySyncedAt
    }
}
