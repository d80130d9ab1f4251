import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus state`: the user-state store (what people create), apart from the index.
struct StateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Work with the user-state store: sessions, favorites, shares, consents, alerts, the record of disclosures.",
        subcommands: [StateMigrateCommand.self])
}

/// `campus state migrate`: the SQLite user state copied into PostgreSQL, for several servers.
struct StateMigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy the user-state file into an empty PostgreSQL database, losing nothing.",
        discussion: """
            Stop every campus serve using the file first. Every row of every table is copied in one transaction and \
            each table's count checked: all of it or nothing. Then set state: to the URL (and state-password-file:) \
            in the configuration. Example: campus state migrate --to postgres://campus@db.example.edu/campus \
            --password-file /etc/campus/state.password
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp(
        "The PostgreSQL database to copy into: postgres://USER@HOST:PORT/DATABASE (?sslmode=verify-full&sslrootcert=PATH).",
        valueName: "url"))
    var to: String

    @Option(help: ArgumentHelp("A file (mode 600) holding the database user's password.", valueName: "path"))
    var passwordFile: String?

    func validate() throws {
        guard UserStateLocation.namesDatabase(to) else {
            throw ValidationError(
                "--to '\(UserStateLocation.redacted(to))' is not a postgres:// URL, e.g. --to postgres://campus@db.example.edu/campus")
        }
    }

    func run() async throws {
        let (to, passwordFile) = (to, passwordFile)
        let copied = try await global.run { door async throws(CampusError) in
            try await door.migrateUserState(to: to, passwordFile: passwordFile, as: .operator())
        }
        for (table, rows) in copied.tables { print("\(table): \(rows)") }
        print("copied \(copied.total) rows into \(copied.destination); now set state: to it in the configuration")
    }
}
