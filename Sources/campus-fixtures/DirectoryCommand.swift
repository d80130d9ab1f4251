import ArgumentParser
import DemoCampus
import Foundation

extension CampusFixtures {
    /// `campus-fixtures directory --output fixtures/directory.ldif [--people N --seed S]`
    struct DirectoryLDIF: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "directory",
            abstract: "Write the campus directory as LDIF: the demo directory, or --people generated entries.")

        @Option(help: "LDIF file to write (replaced).")
        var output: String

        @Option(help: "Generate this many people (uid=u000001, ...) instead of the demo directory.")
        var people: Int?

        @Option(help: "Seed of the random choices; the same seed gives a byte-identical file.")
        var seed: UInt64 = CampusScale.demoSeed

        func validate() throws {
            if let people, people < 1 { throw ValidationError("--people must be at least 1, got \(people)") }
        }

        func run() throws {
            let text = people.map { DirectoryFixture.scale(people: $0, seed: seed) } ?? DirectoryFixture.demo(seed: seed)
            try Data(text.utf8).write(to: URL(fileURLWithPath: output))
            let entries = text.components(separatedBy: "\ndn: ").count - 1
            print("wrote \(entries) entries to \(output)")
        }
    }
}
