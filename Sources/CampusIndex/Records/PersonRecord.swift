import CampusCore
internal import GRDB

/// A row of `people`: one person, shared by every term that names them.
///
/// Rows are read by position (``init(row:)``, from a select of ``selection``) rather
/// than `Decodable` or column names, for search speed.
struct PersonRecord: Encodable, PersistableRecord {
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

    /// The columns of `people`, in the order ``init(row:startingAt:)`` reads them.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case username, name
        case bannerID = "banner_id"
        case email, affiliation, major
        case classStanding = "class"
        case year
        case advisorUsername = "advisor_username"
        case advisorName = "advisor_name"
        case department, office, phone
        case campusMail = "campus_mail"
    }

    /// ``columns`` of `table` (`people` unless aliased), for a select list.
    static func selection(in table: String = "people") -> String {
        columns.map { "\(table).\($0)" }.joined(separator: ", ")
    }

    /// The column names of ``CodingKeys``, in their order.
    static let columns = CodingKeys.allCases.map(\.rawValue)

    /// A record from ``columns``, in order, from column `start` of a row that may hold more.
    init(row: some ColumnValues, startingAt start: Int = 0) {
        username = row.string(start)
        name = row.text(start + 1)
        bannerID = row.text(start + 2)
        email = row.text(start + 3)
        affiliation = row.string(start + 4)
        major = row.text(start + 5)
        classStanding = row.text(start + 6)
        year = row.text(start + 7)
        advisorUsername = row.text(start + 8)
        advisorName = row.text(start + 9)
        department = row.text(start + 10)
        office = row.text(start + 11)
        phone = row.text(start + 12)
        campusMail = row.text(start + 13)
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
