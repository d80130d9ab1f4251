import CampusCore
import GRDB

/// A row of `directory_people` or `directory_staging` (same shape): one directory
/// entry, without its photo.
///
/// Read by ``person(row:)`` and written by plain SQL, since one shape serves two tables.
enum DirectoryPersonRecord {
    /// The columns a directory entry fills, in ``arguments(_:)`` order.
    static let columns = [
        "username", "dn", "display_name", "given_name", "family_name", "email", "phone",
        "phone_digits_reversed", "office", "campus_mail", "department", "title", "affiliation",
        "major", "class_year", "advisor_username", "suppressed", "modified_at",
    ]

    /// The values of ``columns`` for one person.
    static func arguments(_ person: DirectoryPerson) -> StatementArguments {
        [
            person.username, person.dn, person.displayName, person.givenName, person.familyName,
            person.email, person.phone, person.phone.flatMap(PhoneDigits.reversed), person.office,
            person.campusMail, person.department, person.title, person.affiliation.rawValue,
            person.major, person.classYear, person.advisorUsername, person.suppressed, person.modifiedAt,
        ]
    }

    /// The person a row holds, without photo; an affiliation this version does not know reads as `.unknown`.
    static func person(row: Row) -> DirectoryPerson {
        DirectoryPerson(
            username: row["username"], dn: row["dn"], displayName: row["display_name"],
            givenName: row["given_name"], familyName: row["family_name"], email: row["email"],
            phone: row["phone"], office: row["office"], campusMail: row["campus_mail"],
            department: row["department"], title: row["title"],
            affiliation: Affiliation(rawValue: row["affiliation"]) ?? .unknown, major: row["major"],
            classYear: row["class_year"], advisorUsername: row["advisor_username"],
            suppressed: row["suppressed"], modifiedAt: row["modified_at"])
    }
}
