import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus meet USER|@GROUP... [--for 50m] [--invite N]`: when and where a group can meet.
struct MeetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meet",
        abstract: "Find when and where a group can meet: the best times (everyone free first, then fewest busy, naming who), each with rooms free for the whole meeting.",
        discussion: """
            Examples: campus meet brennam oyelarn paxtonr --term 202630; campus meet @study --for 1h --days MWF; \
            campus meet brennam oyelarn --term 202630 --week 2026-03-30 --invite 1 > meeting.ics. \
            Rooms are those the term's sections meet in, free for the whole meeting, those in the building most \
            of the group come from just before first. --invite N writes the Nth time as an iCalendar invitation \
            (the members with an e-mail address as attendees) on its next day of classes, or in --week.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var termOption: TermOption

    @Argument(help: "Usernames of the people to meet, or @group for a favorites group (campus favorites).", completion: CommandCompletions.usernames)
    var usernames: [String] = []

    @Option(name: .customLong("for"), help: ArgumentHelp("How long the meeting lasts: 50m, 1h, 1h30m.", valueName: "length"))
    var length = "50m"

    @OptionGroup var window: OverlayWindowOptions

    @Option(help: ArgumentHelp("How many of the best times to list.", valueName: "n"))
    var top = 3

    @Option(help: ArgumentHelp("How many rooms to list for each time.", valueName: "n"))
    var rooms = 3

    @Option(help: ArgumentHelp("Write the Nth time listed as an iCalendar invitation (.ics) instead of the list.", valueName: "n"))
    var invite: Int?

    @Option(help: ArgumentHelp("The invitation's title (default: Meeting: and the names).", valueName: "text"))
    var title: String?

    func validate() throws {
        _ = try options()
        guard !usernames.isEmpty else { throw ValidationError("give the people to meet, e.g. campus meet brennam oyelarn --term 202630") }
        guard (1...50).contains(top) else { throw ValidationError("--top \(top) is not from 1 to 50; give --top 3, for example.") }
        guard (0...50).contains(rooms) else { throw ValidationError("--rooms \(rooms) is not from 0 to 50; give --rooms 3, for example.") }
        if let invite, !(1...top).contains(invite) {
            throw ValidationError("--invite \(invite) is not one of the \(top) times listed; give --invite 1 for the best.")
        }
        if invite != nil, global.json { throw ValidationError("--invite writes an .ics file; it cannot be combined with --json.") }
    }

    /// The overlay's options; a usage error (exit 2) for a malformed length, days or window.
    func options() throws -> OverlayOptions {
        guard let minutes = DurationText.minutes(length) else {
            throw ValidationError("--for '\(length)' is not a length; write it like 50m, 1h or 1h30m.")
        }
        return try window.options(minimum: minutes, flag: "--for")
    }

    func run() async throws {
        let options = try options()
        let (answer, invitation) = try await global.lookUp(
            local: { door, now throws(CampusError) in
                let answer = try await door.meet(
                    usernames: usernames, term: termOption.term, options: options, top: top, roomsEach: rooms, as: .operator(), now: now)
                guard let invite else { return (answer, nil as String?) }
                return (answer, try door.invitation(invite, of: answer, title: title, as: .operator(), now: now))
            },
            remote: { server throws(CampusError) in
                let answer = try await server.meet(usernames: usernames, term: termOption.term, options: options, top: top, roomsEach: rooms)
                guard let invite else { return (answer, nil as String?) }
                return (answer, try await server.invitation(
                    invite, usernames: usernames, term: termOption.term, options: options, top: top, roomsEach: rooms, title: title))
            })
        OverlayNotices(answer: answer.overlay).print()
        if let invitation {
            print(invitation, terminator: "")
        } else if global.json {
            print(try AnswerJSON.text(MeetShape(answer)))
        } else {
            print(MeetText(answer: answer, command: commandLine(), roomsAsked: rooms).render(on: Terminal.standardOutput))
        }
        if answer.suggestions.isEmpty { throw ExitCode(1) }
    }

    /// This command again, for the line saying how to write an invitation.
    private func commandLine() -> String {
        var words = ["campus", "meet"] + usernames
        if let term = termOption.term { words += ["--term", term] }
        if length != "50m" { words += ["--for", length] }
        if let week = window.week { words += ["--week", week] }
        return words.map(ShellWord.quoted).joined(separator: " ")
    }
}
