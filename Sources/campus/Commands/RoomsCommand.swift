import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus rooms free`: the rooms of the campus, beyond one room at a time.
struct RoomsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rooms",
        abstract: "Look across the campus's rooms: which are free.",
        subcommands: [FreeRoomsCommand.self])
}

/// `campus rooms free [--at "M 10:00" | --now] [--for 50m] [--building O]`.
struct FreeRoomsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "free",
        abstract: "List the rooms with no class at a time, how long each stays free and what it seats.",
        discussion: """
            Examples: campus rooms free; campus rooms free --at 'M 10:00' --for 1h --term 202630; \
            campus rooms free --now --building O. Every room the term's sections meet in counts; its seats are \
            the largest section it held. Without --at, now on the campus clock: no class meets on a break or \
            outside the term's days of classes. Exit status 1 when no room is free.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var format: TableFormatOptions
    @OptionGroup var termOption: TermOption

    @Option(help: ArgumentHelp("A moment of any week of the term: a day and a time, such as \"M 10:00\" or \"thu 1:30pm\".", valueName: "day time"))
    var at: String?

    @Flag(help: "Now on the campus clock, on today's date of the term calendar (the default).")
    var now = false

    @Option(name: .customLong("for"), help: ArgumentHelp("How long the room must stay free: 50m, 1h, 1h30m.", valueName: "length"))
    var length = "50m"

    @Option(help: ArgumentHelp("Only rooms of this building: the letters a room's name starts with (O for O159).", valueName: "letters"))
    var building: String?

    func validate() throws {
        try format.refuseBoth(json: global.json)
        _ = try request()
    }

    /// The moment and length asked for; a usage error (exit 2) for ones that are none.
    func request() throws -> (moment: FreeRoomsMoment, minutes: Int) {
        if at != nil, now { throw ValidationError("give --at or --now, not both.") }
        guard let minutes = DurationText.minutes(length) else {
            throw ValidationError("--for '\(length)' is not a length; write it like 50m, 1h or 1h30m (at most a day).")
        }
        guard let at else { return (.now, minutes) }
        guard let moment = WeekMoment(at) else {
            throw ValidationError("--at '\(at)' is not a day and time; write it like \"M 10:00\", \"thu 1:30pm\" or \"F 13:00\".")
        }
        // The library looks at the rest of the day for a longer span; typed here, it is a slip.
        let restOfDay = 24 * 60 - moment.time.minutes
        guard minutes <= restOfDay else {
            throw ValidationError(
                "--for \(length) from \(moment.time.twelveHour) runs past midnight, when a day's classes end; "
                    + "give at most --for \(DurationText.text(restOfDay)), or an earlier --at.")
        }
        return (.week(moment), minutes)
    }

    func run() async throws {
        let (moment, minutes) = try request()
        let answer = try await global.lookUp(
            local: { door, now throws(CampusError) in
                try door.freeRooms(at: moment, minutes: minutes, building: building, term: termOption.term, as: .operator(), now: now)
            },
            remote: { server throws(CampusError) in
                try await server.freeRooms(at: moment, minutes: minutes, building: building, term: termOption.term)
            })
        if global.json {
            print(try AnswerJSON.text(FreeRoomsShape(answer)))
        } else if format.csv {
            var writer = CSVWriter(header: ["term", "day", "start", "room", "building", "free_until", "next_section", "capacity"])
            for room in answer.rooms {
                writer.append([answer.term.code.rawValue, String(answer.moment.day.letter), answer.moment.time.iso, room.room, room.building,
                               room.freeUntil?.iso ?? "", room.nextSection?.rawValue ?? "", room.capacity.map(String.init) ?? ""])
            }
            print(writer.text, terminator: "")
        } else {
            print(FreeRoomsText(answer: answer).render(on: Terminal.standardOutput))
        }
        if answer.rooms.isEmpty { throw ExitCode(1) }
    }
}
