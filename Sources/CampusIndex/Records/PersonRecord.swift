import CampusCore
import GRDB

/// A row of `people`: one person, shared by every term that names them.
///
/// Rows are read by ``init(row:)`` rather than `Decodable`, for search speed.
struct PersonRecord: Encodable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "people"

    var username: String
    var name: String?
    var bannerID: String?
    var email: String?
    var affiliation: String
    var major: String?
    var classStanding: String?
    var year: String?
    var advisorUsername: String?
    var advisorName: String?
    var department: String?
    var office: String?
    var phone: String?
    var campusMail: String?

    enum CodingKeys: String, CodingKey {
        case username, name, email, affiliation, major, year, department, office, phone
        case bannerID = "banner_id"
        case classStanding = "class"
        case advisorUsername = "advisor_username"
        case advisorName = "advisor_name"
        case campusMail = "campus_mail"
    }

    enum Columns {
        static let username = Column(CodingKeys.username)
        static let name = Column(CodingKeys.name)
        static let bannerID = Column(CodingKeys.bannerID)
        static let email = Column(CodingKeys.email)
        static let affiliation = Column(CodingKeys.affiliation)
        static let major = Column(CodingKeys.major)
        static let classStanding = Column(CodingKeys.classStanding)
        static let year = Column(CodingKeys.year)
        static let advisorUsername = Column(CodingKeys.advisorUsername)
        static let advisorName = Column(CodingKeys.advisorName)
        static let department = Column(CodingKeys.department)
        static let office = Column(CodingKeys.office)
        static let phone = Column(CodingKeys.phone)
        static let campusMail = Column(CodingKeys.campusMail)
    }

    init(row: Row) {
        username = row[Columns.username]
        name = row[Columns.name]
        bannerID = row[Columns.bannerID]
        email = row[Columns.email]
        affiliation = row[Columns.affiliation]
        major = row[Columns.major]
        classStanding = row[Columns.classStanding]
        year = row[Columns.year]
        advisorUsername = row[Columns.advisorUsername]
        advisorName = row[Columns.advisorName]
        department = row[Columns.department]
        office = row[Columns.office]
        phone = row[Columns.phone]
        campusMail = row[Columns.campusMail]
    }

    /// The columns of `people`, in the order ``init(row:startingAt:)`` reads them.
    static let columns = [
        "username", "name", "banner_id", "email", "affiliation", "major", "class", "year", "advisor_username",
        "advisor_name", "department", "office", "phone", "campus_mail",
    ]

    /// A record from ``columns``, in order, from column `start` of a row that may hold more.
    init(row: Row, startingAt start: Int) {
        username = row[start]
        name = row[start + 1]
        bannerID = row[start + 2]
        email = row[start + 3]
        affiliation = row[start + 4]
        major = row[start + 5]
        classStanding = row[start + 6]
        year = row[start + 7]
        advisorUsername = row[start + 8]
        advisorName = row[start + 9]
        department = row[start + 10]
        office = row[start + 11]
        phone = row[start + 12]
        campusMail = row[start + 13]
    }

    init(_ person: Person) {
        username = person.username
        name = person.name
        bannerID = person.bannerID
        email = person.email
        affiliation = person.affiliation.rawValue
        major = person.major
        classStanding = person.classStanding
        year = person.year
        advisorUsername = person.advisorUsername
        advisorName = person.advisorName
        department = person.department
        office = person.office
        phone = person.phone
        campusMail = person.campusMail
    }

    /// The stored person; an affiliation this version does not know reads as `.unknown`.
    var person: Person {
        Person(
            username: username, name: name, bannerID: bannerID, email: email,
            affiliation: Affiliation(rawValue: affiliation) ?? .unknown, major: major,
            classStanding: classStanding, year: year, advisorUsername: advisorUsername,
            advisorName: advisorName, department: department, office: office, phone: phone,
            campusMail: campusMail)
    }
}
