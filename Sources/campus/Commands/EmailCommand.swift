import ArgumentParser
import CampusLookup

/// `campus email USER`: the person's `mailto:` URI, to open or paste.
struct EmailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "email",
        abstract: "Print a person's mailto: URI (RFC 6068).",
        discussion: "Example: campus email whitfid")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The person's username.", completion: CommandCompletions.usernames)
    var username: String

    func validate() throws {
        try RequiredArgument.check(username, names: "a username", example: "campus email whitfid")
    }

    func run() async throws {
        let uri = try await global.lookUp(
            local: { door, _ throws(CampusError) in try await door.email(of: username, as: .operator()) },
            remote: { server throws(CampusError) in try await server.email(of: username) })
        print(global.json ? try AnswerJSON.text(EmailShape(username: username.lowercased(), mailto: uri)) : uri.description)
    }
}
