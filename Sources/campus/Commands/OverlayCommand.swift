import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus overlay USER... [--roster ID]`: when several people are all free.
struct OverlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overlay",
        abstract: "Lay several people's weeks over one another: the weekly grid of who is busy, the slots when all are free, and the best slots when nobody suits all.",
        discussion: """
            Examples: campus overlay brennam oyelarn paxtonr seftonu --term 202630; campus overlay @study brennam; \
            campus overlay --roster CSSE474-02 --days MWF --between 9:00-16:00 --min 60; \
            campus overlay brennam --busy meetings.ics. \
            Meetings end where the registrar says (9:00-9:50 leaves 9:50 free); sections with term dates \
            count every week unless --week picks one, when they count only on the days they run.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var termOption: TermOption

    @Argument(help: "Usernames of the people to lay over one another, or @group for a favorites group (campus favorites).", completion: CommandCompletions.usernames)
    var usernames: [String] = []

    @Option(help: ArgumentHelp("Add the students of a section (CSSE474-02) or of every section of a course (CSSE474).", valueName: "id"), completion: CommandCompletions.sections)
    var roster: String?

    @Option(help: ArgumentHelp("An .ics file of extra busy time (repeatable), one more member named busy:FILE-NAME: its weekly events count every week, others only in the --week they fall in.", valueName: "file"))
    var busy: [String] = []

    @OptionGroup var window: OverlayWindowOptions

    @Option(help: ArgumentHelp("The shortest slot worth showing, in minutes (a class hour by default).", valueName: "minutes"))
    var min = OverlayOptions.classHour

    @Option(help: ArgumentHelp("How many of the best slots to list when not everyone is free.", valueName: "n"))
    var top = 5

    func validate() throws {
        _ = try options()
        guard !usernames.isEmpty || roster != nil || !busy.isEmpty else {
            throw ValidationError("give usernames, @group, --roster or --busy, e.g. campus overlay brennam oyelarn --term 202630")
        }
        guard top >= 0 else { throw ValidationError("--top \(top) is not a count; give --top 5, for example.") }
    }

    /// The options the flags ask for; a usage error (exit 2) for malformed days, window or minimum.
    func options() throws -> OverlayOptions {
        try window.options(minimum: min, flag: "--min")
    }

    func run() async throws {
        let options = try options()
        let source = try global.source()
        if case .server(let server) = source, !busy.isEmpty {
            throw CommandFailure("--busy reads calendar files on this computer, which the campus server at \(server.client.server) cannot see: "
                + "leave out --busy, or give --index PATH to lay them over a local index's weeks")
        }
        let answer = try await global.lookUp(
            at: source,
            local: { door, now throws(CampusError) in
                try await door.overlay(usernames: usernames, roster: roster, busyFiles: busy, term: termOption.term, options: options, as: .operator(), now: now)
            },
            remote: { server throws(CampusError) in
                try await server.overlay(usernames: usernames, roster: roster, term: termOption.term, options: options)
            })
        OverlayNotices(answer: answer).print()
        if global.json {
            print(try AnswerJSON.text(OverlayShape(answer, top: top)))
        } else {
            print(OverlayText(answer: answer, top: top).render(on: Terminal.standardOutput))
        }
    }
}
