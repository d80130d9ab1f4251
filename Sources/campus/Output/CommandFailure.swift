import CampusLookup
import Foundation

/// A failure of a command: a use case's error (rendered with this CLI's hints, and
/// as a problem document with `--json`) or a message already written for the person.
struct CommandFailure: Error {
    /// The use case's error, when there is one.
    let error: CampusError?
    /// What to print after `campus: `.
    let message: String
    /// Whether the command was asked for JSON: then the problem document goes to standard output too.
    let json: Bool

    /// A use case's error, rendered for the command line, with a line of `then` after it.
    init(_ error: CampusError, json: Bool = false, then note: String? = nil) {
        self.error = error
        var note = note
        if case .indexMissing = error, note == nil, FileManager.default.fileExists(atPath: CampusPaths().loginFile.path) {
            note = "You are logged in to a campus server, but this command reads a local index only "
                + "(the commands that ask the server are listed in docs/cli.md)."
        }
        message = error.commandLineText + (note.map { "\n" + $0 } ?? "")
        self.json = json
    }

    /// A message written for the person.
    init(_ message: String) {
        error = nil
        self.message = message
        json = false
    }

    /// The exit status: 2 for what is a usage error (a term that is no term), else 1.
    var exitCode: Int32 {
        if case .badTerm? = error { return 2 }
        return 1
    }
}

/// Runs a use case, turning its error into a ``CommandFailure``.
func running<T>(json: Bool = false, _ body: () throws(CampusError) -> T) throws(CommandFailure) -> T {
    do {
        return try body()
    } catch {
        throw CommandFailure(error, json: json)
    }
}

/// Runs an async use case, turning its error into a ``CommandFailure``.
func running<T>(json: Bool = false, _ body: () async throws(CampusError) -> T) async throws(CommandFailure) -> T {
    do {
        return try await body()
    } catch {
        throw CommandFailure(error, json: json)
    }
}
