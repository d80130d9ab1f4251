import ArgumentParser
import CampusCore
import CampusLookup
import Foundation
import Logging

/// `campus`: who is in this class, when is this person free, where is that room in use.
@main
struct CampusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "campus",
        abstract: "Look up class schedules, rosters, rooms and people: at your campus's server (campus login), or in a local index of the registrar's pages.",
        discussion: """
            Logged in (campus login https://campus.example.edu), lookups ask that server with your own rights. \
            Otherwise the index lives at $XDG_DATA_HOME/campus/index.sqlite unless --index or CAMPUS_INDEX says otherwise; \
            settings (registrar URL, credential file) live in $XDG_CONFIG_HOME/campus/config.yaml.
            Exit status: 0 success, 1 failure or no match, 2 usage error.
            """,
        version: CampusVersion.current,
        subcommands: [
            SearchCommand.self, PersonCommand.self, PhotoCommand.self, ScheduleCommand.self, CourseCommand.self, RosterCommand.self,
            RoomCommand.self, RoomsCommand.self, InstructorCommand.self, TermsCommand.self, EmailCommand.self, OverlayCommand.self,
            MeetCommand.self, FavoritesCommand.self, HistoryCommand.self,
            SyncCommand.self, ImportCommand.self, ReparseCommand.self, PageCommand.self, ServeCommand.self, AuditCommand.self,
            ChangesCommand.self, AlertsCommand.self, StateCommand.self, LoginCommand.self, LogoutCommand.self,
        ])

    /// Runs a command, mapping failures to the documented exit codes.
    static func main() async {
        CampusLogging.bootstrap()
        let arguments = CommandLineArguments.globalOptionsMoved(Array(CommandLine.arguments.dropFirst()))
        if let unknown = CommandLineArguments.unknownSubcommand(arguments, known: configuration.subcommands.compactMap { $0.configuration.commandName }) {
            printError("campus: \(unknown)")
            Foundation.exit(2)
        }
        do {
            var command = try await asyncParseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            if failure.json, let error = failure.error, let problem = try? AnswerJSON.text(ProblemShape(error)) {
                print(problem)
            }
            printError("campus: \(failure.message)")
            Foundation.exit(failure.exitCode)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                exit(withError: error)
            }
            if code == .validationFailure {
                // With --json, a usage error is a problem document too, as every other failure is.
                if CommandLine.arguments.dropFirst().contains("--json"), let problem = try? AnswerJSON.text(ProblemShape(
                    type: "urn:campus-lookup:problem:usage", title: "Not a valid command", status: 400,
                    detail: message(for: error))) {
                    print(problem)
                }
                printError(fullMessage(for: error))
                Foundation.exit(2)
            }
            if error is ExitCode {
                Foundation.exit(code.rawValue)
            }
            printError("campus: \(error)")
            Foundation.exit(1)
        }
    }
}
