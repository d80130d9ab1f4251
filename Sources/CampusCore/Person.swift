/// What a person is on campus.
public enum Affiliation: String, Codable, Sendable, CaseIterable {
    case student, faculty, staff, unknown
}

/// A person as the registrar (and later the directory) knows them.
///
/// Every field but the username may be missing: each page tells part of the story.
public struct Person: Hashable, Codable, Sendable, Identifiable {
    public var username: String
    public var name: String?
    public var bannerID: String?
    public var email: String?
    public var affiliation: Affiliation
    /// Students: `CS`, `CS/MA`.
    public var major: String?
    /// Students: `SR`, `JR`.
    public var classStanding: String?
    /// Students: `Y3`.
    public var year: String?
    /// Students: the advisor's username, when a page links it.
    public var advisorUsername: String?
    /// Students: the advisor's name, when a page prints it.
    public var advisorName: String?
    /// Instructors: `Comp Science and Software Eng`.
    public var department: String?
    /// Instructors: office room.
    public var office: String?
    public var phone: String?
    public var campusMail: String?

    public var id: String { username }

    public init(
        username: String, name: String? = nil, bannerID: String? = nil, email: String? = nil,
        affiliation: Affiliation = .unknown, major: String? = nil, classStanding: String? = nil,
        year: String? = nil, advisorUsername: String? = nil, advisorName: String? = nil,
        department: String? = nil, office: String? = nil, phone: String? = nil, campusMail: String? = nil
    ) {
        self.username = username
        self.name = name
        self.bannerID = bannerID
        self.email = email
        self.affiliation = affiliation
        self.major = major
        self.classStanding = classStanding
        self.year = year
        self.advisorUsername = advisorUsername
        self.advisorName = advisorName
        self.department = department
        self.office = office
        self.phone = phone
        self.campusMail = campusMail
    }

    /// Fills every field this person lacks from `other` (same username); known fields win.
    public func filling(from other: Person) -> Person {
        var merged = self
        merged.name = name ?? other.name
        merged.bannerID = bannerID ?? other.bannerID
        merged.email = email ?? other.email
        merged.affiliation = affiliation == .unknown ? other.affiliation : affiliation
        merged.major = major ?? other.major
        merged.classStanding = classStanding ?? other.classStanding
        merged.year = year ?? other.year
        merged.advisorUsername = advisorUsername ?? other.advisorUsername
        merged.advisorName = advisorName ?? other.advisorName
        merged.department = department ?? other.department
        merged.office = office ?? other.office
        merged.phone = phone ?? other.phone
        merged.campusMail = campusMail ?? other.campusMail
        return merged
    }
}
