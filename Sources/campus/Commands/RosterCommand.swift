import ArgumentParser
import CampusLookup
import Foundation

/// `campus roster SECTION-OR-COURSE`: who is in a class.
struct RosterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roster",
        abstract: "List the students in a section, or in every section of a course.",
        discussion: "Examples: campus roster CSSE474-02; campus roster CSSE474 (all sections, combined). --csv writes the registrar's Download Roster columns (Username, Last, First, Middle, Banner ID, Major, Class, Year, Advisor, Email; every field quoted) without its title block, with a leading Section column only when the roster spans several sections. Rosters are education records: share them only with those entitled to them.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var format: TableFormatOptions
    @OptionGroup var termOption: TermOption

    @Argument(help: "A section (CSSE474-02) or a course (CSSE474).")
    var id: String

    func run() async throws {
        let campus = try global.campus()
        let answer: RosterAnswer
        do {
            answer = try campus.roster(id, term: try termOption.choice(), now: Date())
        } catch {
            throw CommandFailure(error)
        }
        if global.json {
            print(try JSONOutput.render(RosterView(answer)))
        } else if format.csv {
            print(RosterCSV.text(answer), terminator: "")
        } else {
            let terminal = Terminal.standardOutput
            for section in answer.sections {
                print(terminal.bold("\(section.id) \(section.title) — \(answer.term.name)"))
                print("  \(SectionRows.instructors(section)); \(SectionRows.text(section)[3])")
            }
            var table = TextTable("SECTION", "USERNAME", "NAME", "MAJOR", "CLASS", "YEAR", "ADVISOR", "EMAIL")
            for student in answer.students {
                let person = student.person
                table.add(student.section.rawValue, person.username, person.name ?? "", person.major ?? "",
                          person.classStanding ?? "", person.year ?? "", person.advisorUsername ?? "", person.email ?? "")
            }
            print(table.render(on: terminal))
            print(terminal.dim("\(answer.students.count) student(s)"))
        }
    }
}

/// `{"term": {...}, "sections": [...], "students": [{"section": "CSSE474-02", "username": ..., ...}]}`.
struct RosterView: Encodable {
    let term: TermView
    let sections: [SectionView]
    let students: [Annotated<PersonView>]

    init(_ answer: RosterAnswer) {
        term = TermView(answer.term)
        sections = answer.sections.map(SectionView.init)
        students = answer.students.map { Annotated(base: PersonView($0.person), key: "section", value: $0.section.rawValue) }
    }
}
