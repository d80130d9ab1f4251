/// A person as the campus directory describes them, after a profile has mapped
/// the directory's attributes to these fields.
///
/// Every field but the username may be missing. `suppressed` is the FERPA
/// opt-out: such a person is kept in the index (so a later sync can lift it)
/// but appears in no search, card or roster.
public struct DirectoryPerson: Hashable, Codable, Sendable, Identifiable {
    public var username: String
    /// The entry's distinguished name.
    public var dn: String
    public var displayName: String?
    public var givenName: String?
    public var familyName: String?
    public var email: String?
    public var phone: String?
    /// Office room, as the directory prints it: `O205`.
    public var office: String?
    /// Campus mailbox: `CM 97`.
    public var campusMail: String?
    public var department: String?
    /// Job title: `Associate Professor`.
    public var title: String?
    public var affiliation: Affiliation
    public var major: String?
    /// Class year (graduation year or `Y3`, as the directory has it).
    public var classYear: String?
    /// The advisor's username.
    public var advisorUsername: String?
    /// A JPEG photo, when the directory holds one.
    public var photo: [UInt8]?
    /// The person asked to be left out of the directory (FERPA).
    public var suppressed: Bool
    /// The entry's `modifyTimestamp` (LDAP generalized time), when the server sent it.
    public var modifiedAt: String?
    /// When the person's password last changed, as the directory writes it (generalized time,
    /// or Active Directory's `pwdLastSet`; read with ``DirectoryTime``), when the profile maps it.
    public var passwordChangedAt: String?

    public var id: String { username }

    public init(
        username: String, dn: String, displayName: String? = nil, givenName: String? = nil,
        familyName: String? = nil, email: String? = nil, phone: String? = nil, office: String? = nil,
        campusMail: String? = nil, department: String? = nil, title: String? = nil,
        affiliation: Affiliation = .unknown, major: String? = nil, classYear: String? = nil,
        advisorUsername: String? = nil, photo: [UInt8]? = nil, suppressed: Bool = false, modifiedAt: String? = nil,
        passwordChangedAt: String? = nil
    ) {
        self.username = username
        self.dn = dn
        self.displayName = displayName
        self.givenName = givenName
        self.familyName = familyName
        self.email = email
        self.phone = phone
        self.office = office
        self.campusMail = campusMail
        self.department = department
        self.title = title
        self.affiliation = affiliation
        self.major = major
        self.classYear = classYear
        self.advisorUsername = advisorUsername
        self.photo = photo
        self.suppressed = suppressed
        self.modifiedAt = modifiedAt
        self.passwordChangedAt = passwordChangedAt
    }
}
