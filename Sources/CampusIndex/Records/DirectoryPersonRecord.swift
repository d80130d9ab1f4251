import CampusCore
internal import GRDB

/// A row of `directory_people`: one directory
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
        "major", "class_year", "advisor_username", "suppressed", "modified_at", "password_changed_at",
    ]

    /// The values of ``columns`` for one person.
    static func values(_ person: DirectoryPerson) -> [SQLValue] {
        [
            .text(person.username), .text(person.dn), .optional(person.displayName), .optional(person.givenName),
            .optional(person.familyName), .optional(person.email), .optional(person.phone),
            .optional(person.phone.flatMap(PhoneDigits.reversed)), .optional(person.office), .optional(person.campusMail),
            .optional(person.department), .optional(person.title), .text(person.affiliation.rawValue),
            .optional(person.major), .optional(person.classYear), .optional(person.advisorUsername),
            .int(person.suppressed ? 1 : 0), .optional(person.modifiedAt), .optional(person.passwordChangedAt),
        ]
    }

    /// ``columns``, comma-separated, for a select list: `username, dn, ...`.
    static let selection = columns.joined(separator: ", ")

    /// The person in the first ``columns`` of a row, without photo; an affiliation
    /// this version does not know reads as `.unknown`.
    static func person(row: some ColumnValues, startingAt start: Int = 0) -> DirectoryPerson {
        DirectoryPerson(
            username: row.string(start), dn: row.string(start + 1), displayName: row.text(start + 2),
            givenName: row.text(start + 3), familyName: row.text(start + 4), email: row.text(start + 5),
            phone: row.text(start + 6), office: row.text(start + 8), campusMail: row.text(start + 9),
            department: row.text(start + 10), title: row.text(start + 11),
            affiliation: Affiliation(rawValue: row.string(start + 12)) ?? .unknown, major: row.text(start + 13),
            classYear: row.text(start + 14), advisorUsername: row.text(start + 15), suppressed: row.bool(start + 16),
            modifiedAt: row.text(start + 17), passwordChangedAt: row.text(start + 18))
    }
}
