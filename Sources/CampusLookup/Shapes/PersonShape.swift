import CampusCore

/// A person in an answer (schedule, roster, search, history); absent facts are `null`,
/// facts the policy withholds from the caller are left out (``Withholdable``).
///
/// ```json
/// {"username": "quinna", "name": "Alex Quinn", "affiliation": "student", "email": "QUINNA@rose-hulman.edu",
///  "bannerId": "800500002", "major": "CS", "class": "SR", "year": "Y3",
///  "advisor": {"username": "valer", "name": "Robin Vale"}, "department": null, "office": null,
///  "phone": null, "campusMail": null}
/// ```
public struct PersonShape: Codable, Hashable, Sendable {
    public var username: String
    @Nullable public var name: String?
    @Withholdable public var affiliation: String?
    @Withholdable public var email: String?
    @Withholdable public var bannerId: String?
    @Withholdable public var major: String?
    @Withholdable public var `class`: String?
    @Withholdable public var year: String?
    @Withholdable public var advisor: AdvisorShape?
    @Withholdable public var department: String?
    @Withholdable public var office: String?
    @Withholdable public var phone: String?
    @Withholdable public var campusMail: String?

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

    /// Affiliation, major and department as the caller may see them (`student, CSSE`):
    /// a search match's one line; `nil` when none is shown.
    public var summary: String? {
        let affiliation = _affiliation.shown == Affiliation.unknown.rawValue ? nil : _affiliation.shown
        let shown = [affiliation, _major.shown, _department.shown].compactMap { $0 }
        return shown.isEmpty ? nil : shown.joined(separator: ", ")
    }

    /// This person with `fields` left out.
    public func withholding(_ fields: PersonFields) -> PersonShape {
        var shape = self
        shape._affiliation.isWithheld = fields.contains(.affiliation)
        shape._email.isWithheld = fields.contains(.email)
        shape._bannerId.isWithheld = fields.contains(.bannerId)
        shape._major.isWithheld = fields.contains(.major)
        shape._class.isWithheld = fields.contains(.classStanding)
        shape._year.isWithheld = fields.contains(.classStanding)
        shape._advisor.isWithheld = fields.contains(.advisor)
        shape._department.isWithheld = fields.contains(.department)
        shape._office.isWithheld = fields.contains(.office)
        shape._phone.isWithheld = fields.contains(.phone)
        shape._campusMail.isWithheld = fields.contains(.campusMail)
        return shape
    }
}

/// A student's advisor: whatever the pages told of them. `{"username": "valer", "name": "Robin Vale"}`.
public struct AdvisorShape: Codable, Hashable, Sendable {
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
public struct TermShape: Codable, Hashable, Sendable {
    public var code: String
    public var name: String

    public init(_ term: Term) {
        code = term.code.rawValue
        name = term.name
    }
}

extension PersonShape: AnnotatedShape {
    public static let annotationKey = "section"
}

extension PersonShape {
    /// The facts the server held back from the caller: the keys it left out.
    var withheld: PersonFields {
        var fields: PersonFields = []
        if _affiliation.isWithheld { fields.insert(.affiliation) }
        if _email.isWithheld { fields.insert(.email) }
        if _bannerId.isWithheld { fields.insert(.bannerId) }
        if _major.isWithheld { fields.insert(.major) }
        if _class.isWithheld || _year.isWithheld { fields.insert(.classStanding) }
        if _advisor.isWithheld { fields.insert(.advisor) }
        if _department.isWithheld { fields.insert(.department) }
        if _office.isWithheld { fields.insert(.office) }
        if _phone.isWithheld { fields.insert(.phone) }
        if _campusMail.isWithheld { fields.insert(.campusMail) }
        return fields
    }
}
