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
    static func person(row: Row, startingAt start: Int = 0) -> DirectoryPerson {
        DirectoryPerson(
            username: row[start], dn: row[start + 1], displayName: row[start + 2], givenName: row[start + 3],
            familyName: row[start + 4], email: row[start + 5], phone: row[start + 6], office: row[start + 8],
            campusMail: row[start + 9], department: row[start + 10], title: row[start + 11],
            affiliation: Affiliation(rawValue: row[start + 12]) ?? .unknown, major: row[start + 13],
            classYear: row[start + 14], advisorUsername: row[start + 15], suppressed: row[start + 16],
            modifiedAt: row[start + 17])
    }
}
