import ArgumentParser
import CampusCore
import CampusIndex
import CampusLookup
import Foundation

/// `campus schedule USER`: a person's sections by time and the weekly grid.
struct ScheduleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Show a person's classes in a term: sections by time, then the weekly grid.",
        discussion: "Example: campus schedule quinna --term 202630")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var format: TableFormatOptions
    @OptionGroup var termOption: TermOption

    @Argument(help: "The person's username.")
    var username: String

    func run() async throws {
        let campus = try global.campus()
        let answer: ScheduleAnswer
        do {
            answer = try campus.schedule(of: username, term: try termOption.choice(), now: Date())
        } catch {
            throw CommandFailure(error)
        }
        ScheduleOutput(answer: answer, json: global.json, csv: format.csv).print()
    }
}

/// Prints a ``ScheduleAnswer`` in the chosen format; shared by `schedule` and `instructor`.
struct ScheduleOutput {
    let answer: ScheduleAnswer
    let json: Bool
    let csv: Bool

    func print() {
        if json {
            Swift.print((try? JSONOutput.render(ScheduleView(answer))) ?? "{}")
        } else if csv {
            var writer = CSVWriter(header: ["role"] + SectionRows.csvHeaders)
            for scheduled in answer.sections {
                for row in SectionRows.csv(scheduled.section, term: answer.term) { writer.append([scheduled.role.rawValue] + row) }
            }
            Swift.print(writer.text, terminator: "")
        } else {
            let terminal = Terminal.standardOutput
            let name = answer.person.name.map { "\($0) (\(answer.person.username))" } ?? answer.person.username
            Swift.print(terminal.bold("\(name) — \(answer.term.name) (\(answer.term.code))"))
            guard !answer.sections.isEmpty else {
                Swift.print("No sections this term.")
                return
            }
            var table = TextTable(headers: ["ROLE"] + SectionRows.textHeaders)
            for scheduled in answer.sections { table.add(row: [scheduled.role.rawValue] + SectionRows.text(scheduled.section)) }
            Swift.print(table.render(on: terminal))
            Swift.print("")
            Swift.print(GridRenderer(grid: WeeklyGrid(answer.gridMeetings)).render(on: terminal))
            if !answer.unscheduled.isEmpty {
                Swift.print(terminal.dim("Not on the grid (no set time): " + answer.unscheduled.map(\.section.id.rawValue).joined(separator: ", ")))
            }
        }
    }
}

/// `{"term": {...}, "person": {...}, "sections": [{"role": "student", ...section}]}`.
struct ScheduleView: Encodable {
    let term: TermView
    let person: PersonView
    let sections: [Annotated<SectionView>]

    init(_ answer: ScheduleAnswer) {
        term = TermView(answer.term)
        person = PersonView(answer.person)
        sections = answer.sections.map { Annotated(base: SectionView($0.section), key: "role", value: $0.role.rawValue) }
    }
}
