import CampusCore

/// A person in an answer (schedule, roster, search, history); absent facts are `null`.
///
/// ```json
/// {"username": "quinna", "name": "Alex Quinn", "affiliation": "student", "email": "QUINNA@rose-hulman.edu",
///  "bannerId": "800500002", "major": "CS", "class": "SR", "year": "Y3",
///  "advisor": {"username": "valer", "name": "Robin Vale"}, "department": null, "office": null,
///  "phone": null, "campusMail": null}
/// ```
public struct PersonShape: Encodable, Hashable, Sendable {
    public var username: String
    @Nullable public var name: String?
    public var affiliation: String
    @Nullable public var email: String?
    @Nullable public var bannerId: String?
    @Nullable public var major: String?
    @Nullable public var `class`: String?
    @Nullable public var year: String?
    @Nullable public var advisor: AdvisorShape?
    @Nullable public var department: String?
    @Nullable public var office: String?
    @Nullable public var phone: String?
    @Nullable public var campusMail: String?

    public init(_ person: Person) {
        username = person.username
        name = person.name
        affiliation = person.affiliation.rawValue
        email = person.email
        bannerId = person.bannerID
        major = person.major
        `class` = person.classStanding
        year = person.year
        advisor = AdvisorShape(person)
        department = person.department
        office = person.office
        phone = person.phone
        campusMail = person.campusMail
    }
}

/// A student's advisor: whatever the pages told of them. `{"username": "valer", "name": "Robin Vale"}`.
public struct AdvisorShape: Encodable, Hashable, Sendable {
    @Nullable public var username: String?
    @Nullable public var name: String?

    /// The advisor of `person`; `nil` when nothing is known of one.
    init?(_ person: Person) {
        guard person.advisorUsername != nil || person.advisorName != nil else { return nil }
        username = person.advisorUsername
        name = person.advisorName
    }
}

/// `{"code": "202630", "name": "Spring 2025-2026"}`.
public struct TermShape: Encodable, Hashable, Sendable {
    public var code: String
    public var name: String

    public init(_ term: Term) {
        code = term.code.rawValue
        name = term.name
    }
}
