import ArgumentParser
import CampusLookup
import Foundation

/// `campus photo USER > photo.jpg`: the directory's photo of a person, as JPEG bytes.
struct PhotoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo",
        abstract: "Write a person's directory photo (JPEG) to standard output.",
        discussion: "Example: campus photo valer > valer.jpg")

    @Option(name: .long, help: ArgumentHelp("The index file (default: $CAMPUS_INDEX, then $XDG_DATA_HOME/campus/index.sqlite).", valueName: "path"))
    var index: String?

    @Argument(help: "The person's username.")
    var username: String

    func validate() throws {
        try RequiredArgument.check(username, names: "a username", example: "campus photo whitfid > whitfid.jpg")
    }

    func run() async throws {
        guard isatty(STDOUT_FILENO) == 0 else {
            throw CommandFailure("a photo is binary: redirect it to a file, e.g. campus photo \(username) > \(username).jpg")
        }
        let photo = try await running { () async throws(CampusError) in
            try await CampusService(operating: try CampusContext(indexOption: index)).photo(username, as: .operator())
        }
        FileHandle.standardOutput.write(Data(photo))
    }
}
