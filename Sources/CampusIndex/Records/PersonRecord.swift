import CampusCore
import GRDB

/// A row of `people`: one person, shared by every term that names them.
struct PersonRecord: Codable, FetchableRecord, PersistableRecord {
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
