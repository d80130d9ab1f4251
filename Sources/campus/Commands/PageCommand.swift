import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus page FILE`: what the scraper reads out of one saved page.
struct PageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "page",
        abstract: "Show what the scraper reads out of one saved page, roster CSV or Banner 9 answer (no index needed).")

    @OptionGroup var global: GlobalOptions

    @Option(help: "The school definition that reads it: a name under scrapers/ (northeastern, thompson-rivers) or a path. Default: the configuration's registrar.definition, else rose-hulman.")
    var definition: String?

    @Argument(help: "A saved registrar page (.html), roster download (.csv) or Banner 9 answer (.json).")
    var file: String

    func validate() throws {
        try RequiredArgument.check(file, names: "a saved page's path", example: "campus page saved.html")
    }

    func run() async throws {
        let page = PageShape(try global.run { door throws(CampusError) in try door.inspectPage(at: file, definition: definition, as: .operator()) })
        if global.json {
            print(try AnswerJSON.text(page))
            return
        }
        let terminal = Terminal.standardOutput
        print(terminal.bold("\(page.kind): \(page.heading ?? file)"))
        if let term = page.term { print("Term: \(term.name) (\(term.code))") }
        for (key, value) in page.header.sorted(by: { $0.key < $1.key }) { print("\(key): \(value ?? "—")") }
        if !page.sections.isEmpty {
            var table = TextTable("SECTION", "TITLE", "INSTRUCTOR", "SCHEDULE")
            for section in page.sections {
                table.add(section.id, section.title, section.instructors.map { $0.username ?? $0.name }.joined(separator: ", "), section.schedule)
            }
            print(table.render(on: terminal))
        }
        if page.kind == PageKind.lastNameSearch.rawValue, let lookup = page.lookup { print("Looked up: \(lookup)") }
        if !page.people.isEmpty {
            var table = TextTable("USERNAME", "NAME", "DESCRIPTION", "CAMPUS MAIL")
            for person in page.people { table.add(person.username, person.name, person.description ?? "", person.campusMail ?? "") }
            print(table.render(on: terminal))
        }
        if !page.roster.isEmpty { print("\(page.roster.count) student(s) on the roster") }
        if !page.enrollments.isEmpty {
            let sections = Set(page.enrollments.map { $0.crn ?? $0.section ?? "" }).count
            print("\(page.enrollments.count) enrollment(s) of \(Set(page.enrollments.map(\.student.username)).count) student(s) in \(sections) section(s)")
        }
        if !page.terms.isEmpty { print("Terms offered: " + page.terms.map(\.code).joined(separator: ", ")) }
        for warning in page.warnings { printError("warning: \(warning)") }
    }
}
