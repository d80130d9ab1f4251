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

    @Argument(help: "A section (CSSE474-02) or a course (CSSE474).", completion: CommandCompletions.sections)
    var id: String

    func validate() throws {
        try format.refuseBoth(json: global.json)
        try RequiredArgument.check(id, names: "a section or a course", example: "campus roster CSSE474-02")
    }

    func run() async throws {
        let source = try global.source()
        if format.csv, case .server(let server) = source {
            print(try await running { () async throws(CampusError) in try await server.rosterCSV(ofSection: id, term: termOption.term) },
                  terminator: "")
            return
        }
        let shown = try await global.lookUp(
            at: source, local: { door, now throws(CampusError) in try await door.roster(ofSection: id, term: termOption.term, as: .operator(), now: now) },
            remote: { server throws(CampusError) in try await server.roster(ofSection: id, term: termOption.term) })
        let answer = shown.answer
        if global.json {
            print(try AnswerJSON.text(RosterShape(answer, withholding: shown.withheld)))
        } else if format.csv {
            print(RosterCSV(answer).text, terminator: "")
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
