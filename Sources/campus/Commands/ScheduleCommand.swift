import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus schedule USER`: a person's sections by time and the weekly grid.
struct ScheduleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Show a person's classes in a term: sections by time, then the weekly grid.",
        discussion: """
            Examples: campus schedule quinna --term 202630
                      campus schedule brennam --ics > brennam.ics
                      campus schedule brennam --format text
                      campus schedule brennam --mailto advisor@rose-hulman.edu
            """)

    /// `--format`: the table and grid, or plain lines to paste.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, text
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var format: TableFormatOptions
    @OptionGroup var termOption: TermOption

    @Flag(name: .long, help: "Print an iCalendar file (RFC 5545): weekly events on the term's calendar, final exams.")
    var ics = false

    @Option(name: .customLong("format"), help: "table (default) or text: one plain line per section, to paste.")
    var outputFormat: Format = .table

    @Option(name: .long, help: ArgumentHelp("Print a mailto: URI to ADDRESS with the schedule as text.", valueName: "address"))
    var mailto: String?

    @Argument(help: "The person's username.", completion: CommandCompletions.usernames)
    var username: String

    func validate() throws {
        try RequiredArgument.check(username, names: "a username", example: "campus schedule brennam")
        let chosen = [(ics, "--ics"), (outputFormat == .text, "--format text"), (mailto != nil, "--mailto"),
                      (global.json, "--json"), (format.csv, "--csv")].filter(\.0).map(\.1)
        if chosen.count > 1 {
            throw ValidationError("\(chosen.joined(separator: " and ")) cannot be combined: choose one, e.g. campus schedule \(username) --ics")
        }
        if let mailto, !MailtoURI.isAddress(mailto) {
            throw ValidationError("--mailto takes one e-mail address, not '\(VisibleText.escaped(mailto))': e.g. --mailto advisor@rose-hulman.edu")
        }
    }

    func run() async throws {
        if ics {
            guard case .index(let door) = try global.source() else {
                throw CommandFailure("campus schedule --ics writes the calendar from a local index's term dates; from your campus's server, "
                    + "subscribe to your calendar feed instead (Calendar feeds on the web app), or give --index PATH")
            }
            let answer = try await running(json: global.json) { () async throws(CampusError) in
                try await door.schedule(of: username, term: termOption.term, as: .operator(), now: try global.now(door)).answer
            }
            print(try running { () throws(CampusError) in try door.iCalendar(of: answer, now: Date()) }, terminator: "")
            return
        }
        let shown = try await global.lookUp(
            local: { door, now throws(CampusError) in try await door.schedule(of: username, term: termOption.term, as: .operator(), now: now) },
            remote: { server throws(CampusError) in try await server.schedule(of: username, term: termOption.term) })
        let answer = shown.answer
        if let mailto {
            print(answer.mailto(to: mailto))
        } else if outputFormat == .text {
            let text = ScheduleText(answer)
            print(text.heading + "\n" + text.lines, terminator: "")
        } else {
            try ScheduleOutput(answer: answer, withheld: shown.withheld, json: global.json, csv: format.csv).print()
        }
    }
}

/// Prints a ``ScheduleAnswer`` in the chosen format; shared by `schedule` and `instructor`.
struct ScheduleOutput {
    let answer: ScheduleAnswer
    /// What the server held back of the person (nothing, from a local index).
    var withheld: PersonFields = []
    let json: Bool
    let csv: Bool

    func print() throws {
        if json {
            campus.print(try AnswerJSON.text(ScheduleShape(answer, withholding: withheld)))
        } else if csv {
            var writer = CSVWriter(header: ["role"] + SectionRows.csvHeaders)
            for scheduled in answer.sections {
                for row in SectionRows.csv(scheduled.section, term: answer.term) { writer.append([scheduled.role.rawValue] + row) }
            }
            campus.print(writer.text, terminator: "")
        } else {
            let terminal = Terminal.standardOutput
            let name = answer.person.name.map { "\($0) (\(answer.person.username))" } ?? answer.person.username
            campus.print(terminal.bold("\(name) — \(answer.term.name) (\(answer.term.code))"))
            guard !answer.sections.isEmpty else {
                campus.print("\(answer.person.name ?? answer.person.username) has no classes in \(answer.term.name) (\(answer.term.code)); "
                    + "`campus history \(answer.person.username)` lists the terms they have classes in.")
                return
            }
            var table = TextTable(headers: ["ROLE"] + SectionRows.textHeaders)
            for scheduled in answer.sections { table.add(row: [scheduled.role.rawValue] + SectionRows.text(scheduled.section)) }
            campus.print(table.render(on: terminal))
            campus.print("")
            campus.print(GridRenderer(grid: WeeklyGrid(answer.gridMeetings)).render(on: terminal))
            if !answer.unscheduled.isEmpty {
                campus.print(terminal.dim("Not on the grid (no set time): " + answer.unscheduled.map(\.section.id.rawValue).joined(separator: ", ")))
            }
        }
    }
}
