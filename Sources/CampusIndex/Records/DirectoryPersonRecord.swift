import CampusCore
import GRDB

/// A row of `directory_people` or `directory_staging` (same shape): one directory
/// entry, without its photo.
///
/// Written by plain SQL, since one shape serves two tables; read by ``person(row:)``
/// from a row that starts with ``columns`` in order (by position: search reads them
/// beside the registrar's columns of the same names).
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

    /// ``columns``, comma-separated, for a select list: `username, dn, ...`.
    static let selection = columns.joined(separator: ", ")

    /// The person in the first ``columns`` of a row, without photo; an affiliation
    /// this version does not know reads as `.unknown`.
    static func person(row: Row) -> DirectoryPerson {
        DirectoryPerson(
            username: row[0], dn: row[1], displayName: row[2], givenName: row[3], familyName: row[4],
            email: row[5], phone: row[6], office: row[8], campusMail: row[9], department: row[10], title: row[11],
            affiliation: Affiliation(rawValue: row[12]) ?? .unknown, major: row[13], classYear: row[14],
            advisorUsername: row[15], suppressed: row[16], modifiedAt: row[17])
    }
}
