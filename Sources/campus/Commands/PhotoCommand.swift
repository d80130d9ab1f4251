import ArgumentParser
import CampusLookup
import Foundation

/// `campus photo USER > photo.jpg`: the directory's photo of a person, as JPEG bytes.
struct PhotoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo",
        abstract: "Write a person's directory photo (JPEG) to standard output.",
        discussion: "Example: campus photo valer > valer.jpg")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The person's username.", completion: CommandCompletions.usernames)
    var username: String

    func validate() throws {
        try RequiredArgument.check(username, names: "a username", example: "campus photo whitfid > whitfid.jpg")
        if global.json { throw ValidationError("a photo is a JPEG: --json does not apply; e.g. campus photo \(username) > \(username).jpg") }
    }

    func run() async throws {
        guard isatty(STDOUT_FILENO) == 0 else {
            throw CommandFailure("a photo is binary: redirect it to a file, e.g. campus photo \(username) > \(username).jpg")
        }
        let photo = try await global.lookUp(
            local: { door, _ throws(CampusError) in try await door.photo(username, as: .operator()) },
            remote: { server throws(CampusError) in try await server.photo(username) })
        FileHandle.standardOutput.write(Data(photo))
    }
}
