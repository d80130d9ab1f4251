/// Where each field's column is in a table, found by header text, never by position.
///
/// Built from the definition's spellings (`credits: [CrHrs, CREDIT]`); header
/// text is compared without case and with runs of spaces squeezed.
struct ColumnMap<Field: Hashable & CaseIterable & RawRepresentable & Sendable>: Sendable
where Field.RawValue == String {
    /// Normalised spelling -> field.
    private let fieldsBySpelling: [String: Field]
    /// Fields a table must have to be this kind of table.
    let required: [Field]
    /// Every spelling of each field, as written in the definition (for messages).
    let spellings: [Field: [String]]

    init(spellings: [Field: [String]], required: [Field]) {
        var bySpelling: [String: Field] = [:]
        for (field, names) in spellings {
            for name in names { bySpelling[ColumnMap.normalise(name)] = field }
        }
        self.fieldsBySpelling = bySpelling
        self.required = required
        self.spellings = spellings
    }

    /// Upper case, spaces squeezed, trimmed: the form headers are compared in.
    static func normalise(_ text: String) -> String {
        text.uppercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Field -> column index for a header row; the first column wins when two name one field.
    func locate(headers: [String]) -> [Field: Int] {
        locate(normalised: headers.map(ColumnMap.normalise))
    }

    /// ``locate(headers:)`` for headers already in ``normalise(_:)`` form.
    func locate(normalised headers: [String]) -> [Field: Int] {
        var found: [Field: Int] = [:]
        for (index, header) in headers.enumerated() {
            if let field = fieldsBySpelling[header], found[field] == nil { found[field] = index }
        }
        return found
    }

    /// Whether a header row has every required column.
    func fits(headers: [String]) -> Bool {
        fits(normalised: headers.map(ColumnMap.normalise))
    }

    /// ``fits(headers:)`` for headers already in ``normalise(_:)`` form.
    func fits(normalised headers: [String]) -> Bool {
        let found = locate(normalised: headers)
        return required.allSatisfy { found[$0] != nil }
    }

    /// The required fields a header row lacks, named by their first spelling.
    func missing(in headers: [String]) -> [String] {
        let found = locate(headers: headers)
        return required.filter { found[$0] == nil }.map { spellings[$0]?.first ?? $0.rawValue }
    }
}

/// Columns of a sections table.
enum SectionColumn: String, CaseIterable, Sendable {
    case course, crn, title, instructor, credits, enrolled, capacity, schedule, comments, finalExam, termDates
}

/// Columns of a roster's students table.
enum RosterColumn: String, CaseIterable, Sendable {
    case username, name, bannerID, campusMail, major, classStanding, year, advisor, email
}

/// Columns of a last-name search's "Person Match" table.
enum PersonMatchColumn: String, CaseIterable, Sendable {
    case username, name, bannerID, campusMail, description, major, classStanding, advisor
}

/// Columns of the roster CSV's student rows.
enum RosterCSVColumn: String, CaseIterable, Sendable {
    case username, last, first, middle, bannerID, major, classStanding, year, advisor, email
}

/// The `key=value` header keys of the roster CSV.
enum RosterCSVKey: String, CaseIterable, Sendable {
    case term, instructor, credits, enrolled, capacity, schedule, finalExam
}

/// Person fields a page's header cell can fill.
enum PersonField: String, CaseIterable, Sendable {
    case name, bannerID, username, major, year, classStanding, advisorName, department, office, phone, campusMail
}
