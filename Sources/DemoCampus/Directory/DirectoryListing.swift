import CampusCore

/// What the campus directory holds about one person, before it is written as LDIF.
struct DirectoryListing: Sendable {
    /// Where every person's entry lives.
    static let peopleDN = "ou=People,dc=rose-hulman,dc=edu"
    /// The e-mail domain of every address.
    static let mailDomain = "rose-hulman.edu"

    var username: String
    var givenName: String
    var familyName: String
    var affiliation: Affiliation
    /// Addresses after the first, which is always `username@rose-hulman.edu`.
    var otherMail: [String] = []
    var phone: String?
    var office: String?
    var campusMailbox: String?
    /// As the registrar prints it: `Comp Science and Software Eng`.
    var department: String?
    var title: String?
    var major: String?
    /// Graduation year: `2027`.
    var classYear: Int?
    var advisor: String?
    var description: String?
    var suppressed = false
    /// The grey level of the person's photo, when they have one.
    var photoGrey: UInt8?

    /// `uid=USERNAME,ou=People,dc=rose-hulman,dc=edu`.
    static func dn(of username: String) -> String { "uid=\(username),\(peopleDN)" }

    /// The entry: inetOrgPerson with eduPerson and campusPerson.
    var record: LDIFRecord {
        var record = LDIFRecord(dn: Self.dn(of: username))
        record.add("objectClass", "top", "person", "organizationalPerson", "inetOrgPerson", "eduPerson", "campusPerson")
        let name = "\(givenName) \(familyName)"
        record.add("uid", username)
        record.add("cn", name)
        record.add("displayName", name)
        record.add("givenName", givenName)
        record.add("sn", familyName)
        record.add("mail", all: ["\(username)@\(Self.mailDomain)"] + otherMail)
        record.add("telephoneNumber", phone)
        record.add("roomNumber", office)
        record.add("ou", department)
        record.add("title", title)
        record.add("description", description)
        record.add("eduPersonPrincipalName", "\(username)@\(Self.mailDomain)")
        record.add("eduPersonPrimaryAffiliation", affiliation.rawValue)
        record.add("eduPersonAffiliation", all: Self.affiliations(affiliation))
        record.add("campusMailbox", campusMailbox)
        record.add("campusMajor", major)
        record.add("campusClassYear", classYear.map(String.init))
        record.add("campusAdvisor", advisor.map(Self.dn(of:)))
        record.add("campusPrivacy", suppressed ? "suppress" : nil)
        record.add("userPassword", DemoPassword.hashed(username))
        if let photoGrey { record.add("jpegPhoto", bytes: TinyJPEG.grey(photoGrey)) }
        return record
    }

    /// eduPersonAffiliation values: the primary one, `employee` for faculty and staff, and `member`.
    private static func affiliations(_ primary: Affiliation) -> [String] {
        switch primary {
        case .faculty, .staff: [primary.rawValue, "employee", "member"]
        case .student: [primary.rawValue, "member"]
        case .unknown: []
        }
    }

    /// The graduation year of a student in year `Y1`...`Y4` of 2025-2026: Y4 graduates in 2026.
    static func classYear(ofYear year: String?) -> Int? {
        guard let year, year.hasPrefix("Y"), let number = Int(year.dropFirst()) else { return nil }
        return 2026 + 4 - number
    }
}
