import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus room ROOM [--at "M 9:00"]`: a room's week, or whether it is free at a moment.
struct RoomCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "room",
        abstract: "Show when a room is in use, or whether it is free at a given time.",
        discussion: "Examples: campus room O159; campus room O159 --at 'M 9:00'; campus room G310 --at 'thu 1:30pm'. Exit status 1 when the room is busy at --at.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var format: TableFormatOptions
    @OptionGroup var termOption: TermOption

    @Argument(help: "The room, such as O159.")
    var room: String

    @Option(help: ArgumentHelp("A moment in the week: a day and a time, such as \"M 9:00\", \"thu 1:30pm\", \"F 13:00\".", valueName: "day time"))
    var at: String?

    func validate() throws {
        try format.refuseBoth(json: global.json)
        try RequiredArgument.check(room, names: "a room", example: "campus room O159")
        _ = try parsedMoment()
    }

    func run() async throws {
        let moment = try parsedMoment()
        let answer = try await global.lookUp(
            local: { door, now throws(CampusError) in try door.room(room, term: termOption.term, at: moment, as: .operator(), now: now) },
            remote: { server throws(CampusError) in try await server.room(room, term: termOption.term, at: moment) })
        if global.json {
            print(try AnswerJSON.text(RoomShape(answer)))
        } else if format.csv {
            var writer = CSVWriter(header: ["term", "room", "section", "title", "days", "start", "end"])
            for booking in answer.bookings {
                writer.append([answer.term.code.rawValue, answer.room, booking.section.id.rawValue, booking.section.title,
                               booking.meeting.days.letters, booking.meeting.start.iso, booking.meeting.end.iso])
            }
            print(writer.text, terminator: "")
        } else {
            printText(answer)
        }
        if moment != nil, !answer.inSession.isEmpty { throw ExitCode(1) }
    }

    private func parsedMoment() throws -> WeekMoment? {
        guard let at else { return nil }
        guard let moment = WeekMoment(at) else {
            throw ValidationError("--at '\(at)' is not a day and time; write it like \"M 9:00\", \"thu 1:30pm\" or \"F 13:00\".")
        }
        return moment
    }

    private func printText(_ answer: RoomAnswer) {
        let terminal = Terminal.standardOutput
        if let moment = answer.moment {
            if answer.inSession.isEmpty {
                print(terminal.bold("\(answer.room) is free on \(moment) (\(answer.term.name))."))
            } else {
                let busy = answer.inSession.map { "\($0.section.id) \($0.meeting.start.twelveHour)-\($0.meeting.end.twelveHour)" }
                print(terminal.bold("\(answer.room) is in use on \(moment): \(busy.joined(separator: ", "))."))
            }
            return
        }
        print(terminal.bold("\(answer.room) — \(answer.term.name)"))
        var table = TextTable("DAYS", "TIME", "SECTION", "TITLE")
        for booking in answer.bookings {
            table.add(booking.meeting.days.letters, "\(booking.meeting.start.twelveHour)-\(booking.meeting.end.twelveHour)",
                      booking.section.id.rawValue, booking.section.title)
        }
        print(table.render(on: terminal))
        print("")
        let grid = WeeklyGrid(answer.bookings.map { ($0.section.id.rawValue, $0.meeting) })
        print(GridRenderer(grid: grid).render(on: terminal))
    }
}
