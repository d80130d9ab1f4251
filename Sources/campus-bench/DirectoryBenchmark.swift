import ArgumentParser
import CampusLookup
import Directory
import Foundation
import SlapdHarness

/// `campus-bench directory`: the directory goals of BENCHMARKS.md, measured on a
/// generated directory in a throwaway slapd on loopback.
///
/// Syncs and `campus person` are timed as whole `campus` processes against
/// `ldapsearch` processes; lookups also in-process, index against an open LDAP
/// connection. slapd is stopped at the end, on failure and on Ctrl-C.
struct DirectoryBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "directory",
        abstract: "Measure directory sync and person lookup on a generated directory in a local slapd; print a Markdown report.")

    @Option(help: "People in the generated directory.")
    var people = 50_000

    @Option(help: "The generator's seed.")
    var seed: UInt64 = 3

    @Option(help: "The campus executable to time (default: the one beside campus-bench; a release build).")
    var campus: String?

    @Option(help: "The directory profile, as `campus sync directory --profile` takes it.")
    var profile = "openldap"

    @Option(name: .customLong("page-size"), help: "Entries per page, for the sync and for ldapsearch alike.")
    var pageSize = 500

    @Option(help: "Full syncs and ldapsearch dumps to time (the median is reported).")
    var runs = 3

    @Option(help: "Entries changed before each incremental sync.")
    var changes = 100

    @Option(name: .customLong("incremental-runs"), help: "Incremental syncs to time after the first one.")
    var incrementalRuns = 3

    @Option(help: "In-process lookups to time, each from the index and from LDAP.")
    var lookups = 1_000

    @Option(name: .customLong("process-runs"), help: "Whole-process `campus person` and `ldapsearch` runs to time.")
    var processRuns = 30

    @Option(help: "Work folder (default: a new temporary folder, removed afterwards).")
    var work: String?

    func run() async throws {
        let folder = URL(fileURLWithPath: work ?? NSTemporaryDirectory() + "campus-bench-directory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if work == nil { try? FileManager.default.removeItem(at: folder) } }
        let profileFile = try ResourceLocator().directoryProfile(profile)
        let directoryProfile = try DirectoryProfile.load(contentsOf: profileFile)
        var report = DirectoryBenchmarkReport(people: people)

        let generated = try Stopwatch.time {
            try DirectoryBenchmarkPeople.generate(people: people, seed: seed, profile: directoryProfile, into: folder)
        }
        let directory = generated.value
        report.notes.append("Generated \(directory.count) people (\(directory.visible.count) not suppressed), "
            + String(format: "%.0f MiB of LDIF", Double(directory.bytes) / 1_048_576)
            + ", with `DirectoryFixture.scale(people: \(people), seed: \(seed))` in \(Stopwatch.format(generated.seconds))")

        let started = try Stopwatch.time { try SlapdServer.start(ldifFiles: [directory.file.path]) }
        let server = started.value
        let temporary = work == nil ? folder : nil
        let interruption = DirectoryInterruption {
            server.stop()
            if let temporary { try? FileManager.default.removeItem(at: temporary) }
        }
        defer {
            server.stop()
            interruption.cancel()
        }
        report.notes.append("slapd (back_mdb, `slapadd -q`) configured, loaded and started in \(Stopwatch.format(started.seconds))")

        let target = DirectoryTarget(server: server, profile: directoryProfile, profileName: profileFile.path, pageSize: pageSize)
        try await measure(target, directory: directory, folder: folder, into: &report)
        print(report.markdown)
    }

    private func measure(_ target: DirectoryTarget, directory: DirectoryBenchmarkPeople, folder: URL,
                         into report: inout DirectoryBenchmarkReport) async throws {
        let campus = try DirectoryProcess(
            campusExecutable, environment: ["NO_COLOR": "1", "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path],
            scratch: folder)
        let ldapsearch = try DirectoryProcess("ldapsearch", scratch: folder)
        report.notes.append("`campus` is \(campus.executable.path); every sync also writes SQLite, the search (FTS) index and photos")

        let full = try DirectoryFullSyncBenchmark(
            target: target, ldapsearch: ldapsearch, campus: campus, folder: folder, runs: runs, expected: directory.count
        ).run()
        report.fullSync = full.result

        let usernames = directory.sample(lookups, seed: seed).map(\.username)
        report.lookup = try await DirectoryLookupBenchmark(
            target: target, door: CampusService(operating: try CampusContext(indexOption: full.index.path)), usernames: usernames
        ).run()
        report.processLookup = try DirectoryProcessLookupBenchmark(
            target: target, campus: campus, ldapsearch: ldapsearch, index: full.index,
            usernames: Array(usernames.prefix(processRuns))
        ).run()

        report.incremental = try DirectoryIncrementalBenchmark(
            target: target, campus: campus, index: full.index, folder: folder,
            people: directory.sample(changes, seed: seed &+ 1), laterRounds: incrementalRuns
        ).run()
    }

    /// `--campus`, else the `campus` beside this executable.
    private var campusExecutable: String {
        campus ?? (Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("campus").path
            ?? ".build-release/release/campus")
    }
}
