import ArgumentParser

/// `campus sync SOURCE`: refresh the index from a source.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Refresh the index from a source.",
        subcommands: [SyncRegistrarCommand.self, SyncDirectoryCommand.self])
}
