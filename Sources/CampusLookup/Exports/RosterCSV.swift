import CampusCore

/// A roster as the registrar's Download Roster writes it: every field quoted,
/// `"Username","Last","First","Middle","Banner ID","Major","Class","Year","Advisor","Email"`,
/// with a leading `"Section"` column only when the roster spans several sections.
///
/// The registrar's three-line title block is left out, so the file is one table
/// that spreadsheets and scripts read as is; the plain output shows the sections.
/// Columns of facts the policy withholds from the caller are left out; no field is a live
/// formula (``CSVField``).
public struct RosterCSV: Sendable {
    static let columns: [(name: String, field: PersonFields?)] = [
        ("Username", nil), ("Last", nil), ("First", nil), ("Middle", nil), ("Banner ID", .bannerId), ("Major", .major),
        ("Class", .classStanding), ("Year", .classStanding), ("Advisor", .advisor), ("Email", .email),
    ]

    public let answer: RosterAnswer
    public let withheld: PersonFields

    public init(_ answer: RosterAnswer, withholding withheld: PersonFields = []) {
        self.answer = answer
        self.withheld = withheld
    }

    /// The CSV text, with line feeds as the registrar's file has.
    public var text: String {
        let withSection = answer.sections.count > 1
        let kept = Self.columns.indices.filter { Self.columns[$0].field.map { !withheld.contains($0) } ?? true }
        var lines = [(withSection ? ["Section"] : []) + kept.map { Self.columns[$0].name }]
        for student in answer.students {
            let person = student.person
            let name = NameParts(student)
            let fields = [person.username, name.last, name.first, name.middle, person.bannerID ?? "", person.major ?? "",
                          person.classStanding ?? "", person.year ?? "", person.advisorUsername ?? "", person.email ?? ""]
            lines.append((withSection ? [student.section.rawValue] : []) + kept.map { fields[$0] })
        }
        return lines.map { $0.map { CSVField.write($0, always: true) }.joined(separator: ",") + "\n" }.joined()
    }
}

/// Last, first and middle name of a roster student: the directory's given and
/// family names when present, otherwise the registrar's "First Middle Last" split
/// at its first and last word.
struct NameParts {
    let first: String
    let middle: String
    let last: String

    init(_ student: RosterAnswer.Student) {
        let words = (student.person.name ?? "").split(separator: " ").map(String.init)
        guard let given = student.givenName, let family = student.familyName else {
            first = words.first ?? ""
            last = words.count > 1 ? words[words.count - 1] : ""
            middle = words.count > 2 ? words[1..<(words.count - 1)].joined(separator: " ") : ""
            return
        }
        first = given
        last = family
        let givenWords = given.split(separator: " ").count
        let familyWords = family.split(separator: " ").count
        let inner = words.count > givenWords + familyWords
            && words.prefix(givenWords).joined(separator: " ") == given
            && words.suffix(familyWords).joined(separator: " ") == family
        middle = inner ? words[givenWords..<(words.count - familyWords)].joined(separator: " ") : ""
    }
}
