import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus person USER`: a contact card from the index (registrar and directory merged).
struct PersonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "person",
        abstract: "Show how to reach a person: e-mail, phone, office, campus mailbox, advisor, department.",
        discussion: """
            Answers from the index: run `campus sync directory` to bring in the campus directory.
            Examples: campus person valer    campus person valer --vcard > valer.vcf
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Print a vCard 4.0 (RFC 6350), photo included, to import into a contacts app.")
    var vcard = false

    @Argument(help: "The person's username.", completion: CommandCompletions.usernames)
    var username: String

    func validate() throws {
        try RequiredArgument.check(username, names: "a username", example: "campus person whitfid")
        if vcard && global.json { throw ValidationError("--vcard and --json cannot be combined: choose one format.") }
    }

    func run() async throws {
        if vcard {
            let card = try await global.lookUp(
                local: { door, _ throws(CampusError) in try await door.vCard(username, as: .operator()) },
                remote: { server throws(CampusError) in try await server.vCard(username) })
            print(card, terminator: "")
            return
        }
        let shown = try await global.lookUp(
            local: { door, now throws(CampusError) in try await door.person(username, as: .operator(), now: now) },
            remote: { server throws(CampusError) in try await server.person(username) })
        let answer = shown.answer
        if global.json {
            print(try AnswerJSON.text(ContactShape(answer).withholding(shown.withheld)))
        } else {
            print(PersonCard(card: answer.card).render(on: .standardOutput))
        }
    }
}
