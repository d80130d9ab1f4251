import ArgumentParser
import CampusLookup
import Foundation

/// `campus course ID-OR-PREFIX`: sections by course id or prefix.
struct CourseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "course",
        abstract: "List the sections of a course, or of every course with a prefix.",
        discussion: "Examples: campus course CSSE3 (every CSSE3xx section); campus course CSSE474; campus course CSSE474-02")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var format: TableFormatOptions
    @OptionGroup var termOption: TermOption

    @Argument(help: "A course id (CSSE474), a section (CSSE474-02) or a prefix (CSSE3).", completion: CommandCompletions.sections)
    var course: String

    func validate() throws {
        try format.refuseBoth(json: global.json)
        try RequiredArgument.check(course, names: "a course id, a section or a prefix", example: "campus course CSSE474")
    }

    func run() async throws {
        let answer = try await global.lookUp(
            local: { door, now throws(CampusError) in try door.course(course, term: termOption.term, as: .operator(), now: now) },
            remote: { server throws(CampusError) in try await server.course(course, term: termOption.term) })
        if global.json {
            print(try AnswerJSON.text(CourseShape(answer)))
        } else if format.csv {
            var writer = CSVWriter(header: SectionRows.csvHeaders)
            for section in answer.sections { for row in SectionRows.csv(section, term: answer.term) { writer.append(row) } }
            print(writer.text, terminator: "")
        } else {
            let terminal = Terminal.standardOutput
            print(terminal.bold("\(answer.query) — \(answer.term.name): \(answer.sections.count) section(s)"))
            var table = TextTable(headers: SectionRows.textHeaders)
            for section in answer.sections { table.add(row: SectionRows.text(section)) }
            print(table.render(on: terminal))
        }
    }
}
