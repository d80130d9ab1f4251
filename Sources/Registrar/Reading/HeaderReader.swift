import CampusCore

/// Reads the header cell's `Key: value` lines and the person a schedule page is about.
struct HeaderReader {
    let fields: [PersonField: [String]]

    /// `Name: Alex  Quinn<br>Banner ID: 800500002` -> ordered fields; `&nbsp`-only values are `nil`.
    static func fields(fromLines lines: [String]) -> [HeaderField] {
        lines.map { line in
            guard let colon = line.firstIndex(of: ":") else { return HeaderField(key: line, value: nil) }
            let key = String(line[..<colon].trimmedSpaces)
            let value = String(line[line.index(after: colon)...].trimmedSpaces)
            return HeaderField(key: key, value: value.isEmpty ? nil : value)
        }
    }

    /// The person the header describes, or `nil` without a username.
    func person(from header: [HeaderField], affiliation: Affiliation, email: String?, fallbackUsername: String?) -> Person? {
        func value(_ field: PersonField) -> String? {
            let spellings = Set((fields[field] ?? []).map(ColumnMap<PersonField>.normalise))
            return header.first { spellings.contains(ColumnMap<PersonField>.normalise($0.key)) }?.value
        }
        guard let username = value(.username) ?? fallbackUsername else { return nil }
        var person = Person(username: username, name: value(.name), bannerID: value(.bannerID), email: email,
                            affiliation: affiliation)
        if affiliation == .student {
            person.major = value(.major)
            person.year = value(.year)
            person.classStanding = value(.classStanding)
            person.advisorName = value(.advisorName)
        } else {
            person.department = value(.department)
            person.office = value(.office)
            person.phone = value(.phone)
            person.campusMail = value(.campusMail)
        }
        return person
    }
}
