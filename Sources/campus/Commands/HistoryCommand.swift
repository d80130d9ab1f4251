import ArgumentParser
import CampusCore
import CampusIndex
import CampusLookup
import Foundation

/// `campus history USER`: every section a person took or taught, newest term first.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List every section a person has taken or taught across the indexed terms, newest first.",
        discussion: "Example: campus history whitfid")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var format: TableFormatOptions

    @Argument(help: "The person's username.")
    var username: String

    func run() async throws {
        let campus = try global.campus()
        let answer: HistoryAnswer
        do {
            answer = try campus.history(of: username)
        } catch {
            throw CommandFailure(error)
        }
        if global.json {
            print(try JSONOutput.render(HistoryView(answer)))
        } else if format.csv {
            var writer = CSVWriter(header: ["role"] + SectionRows.csvHeaders)
            for (term, sections) in answer.terms {
                for scheduled in sections {
                    for row in SectionRows.csv(scheduled.section, term: term) { writer.append([scheduled.role.rawValue] + row) }
                }
            }
            print(writer.text, terminator: "")
        } else {
            let terminal = Terminal.standardOutput
            let name = answer.person.name.map { "\($0) (\(answer.person.username))" } ?? answer.person.username
            print(terminal.bold(name))
            guard !answer.terms.isEmpty else {
                print("No classes in any indexed term (see `campus terms`).")
                return
            }
            var table = TextTable(headers: ["TERM", "ROLE"] + SectionRows.textHeaders)
            for (term, sections) in answer.terms {
                for scheduled in sections { table.add(row: [term.name, scheduled.role.rawValue] + SectionRows.text(scheduled.section)) }
            }
            print(table.render(on: terminal))
        }
    }
}

/// `{"person": {...}, "terms": [{"term": {"code": "202640", "name": "..."}, "sections": [{"role": "instructor", ...}]}]}`.
struct HistoryView: Encodable {
    struct TermSections: Encodable {
        let term: TermView
        let sections: [Annotated<SectionView>]
    }

    let person: PersonView
    let terms: [TermSections]

    init(_ answer: HistoryAnswer) {
        person = PersonView(answer.person)
        terms = answer.terms.map { entry in
            TermSections(term: TermView(entry.term),
                         sections: entry.sections.map { Annotated(base: SectionView($0.section), key: "role", value: $0.role.rawValue) })
        }
    }
}
