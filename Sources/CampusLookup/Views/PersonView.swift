import CampusCore

/// A person as the JSON output shows them; absent facts are `null`.
///
/// ```json
/// {"username": "quinna", "name": "Alex Quinn", "affiliation": "student", "email": "QUINNA@rose-hulman.edu",
///  "bannerId": "800500002", "major": "CS", "class": "SR", "year": "Y3",
///  "advisor": {"username": "valer", "name": "Robin Vale"}, "department": null, "office": null,
///  "phone": null, "campusMail": null}
/// ```
public struct PersonView: Codable, Hashable, Sendable {
    public var username: String
    public var name: String?
    public var affiliation: String
    public var email: String?
    public var bannerId: String?
    public var major: String?
    public var `class`: String?
    public var year: String?
    public var advisor: AdvisorView?
    public var department: String?
    public var office: String?
    public var phone: String?
    public var campusMail: String?

    public init(_ person: Person) {
        username = person.username
        name = person.name
        affiliation = person.affiliation.rawValue
        email = person.email
        bannerId = person.bannerID
        major = person.major
        `class` = person.classStanding
        year = person.year
        advisor = person.advisorUsername == nil && person.advisorName == nil
            ? nil : AdvisorView(username: person.advisorUsername, name: person.advisorName)
        department = person.department
        office = person.office
        phone = person.phone
        campusMail = person.campusMail
    }

    /// Writes every key, `null` for absent facts, so the shape never changes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(username, forKey: .username)
        try container.encode(name, forKey: .name)
        try container.encode(affiliation, forKey: .affiliation)
        try container.encode(email, forKey: .email)
        try container.encode(bannerId, forKey: .bannerId)
        try container.encode(major, forKey: .major)
        try container.encode(`class`, forKey: .class)
        try container.encode(year, forKey: .year)
        try container.encode(advisor, forKey: .advisor)
        try container.encode(department, forKey: .department)
        try container.encode(office, forKey: .office)
        try container.encode(phone, forKey: .phone)
        try container.encode(campusMail, forKey: .campusMail)
    }
}

/// A student's advisor: whatever the pages told of them.
public struct AdvisorView: Codable, Hashable, Sendable {
    public var username: String?
    public var name: String?

    /// Writes every key, `null` for absent facts, so the shape never changes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(username, forKey: .username)
        try container.encode(name, forKey: .name)
    }
}

/// `{"code": "202630", "name": "Spring 2025-2026"}`.
public struct TermView: Codable, Hashable, Sendable {
    public var code: String
    public var name: String

    public init(_ term: Term) {
        code = term.code.rawValue
        name = term.name
    }
}
