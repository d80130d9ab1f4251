import ArgumentParser
import Foundation

/// `campus-bench remote`: `campus schedule` of a person logged in to `campus serve` on loopback
/// against the same command on the index itself, as whole processes, interleaved, over a
/// generated campus (students drawn uniformly); the Foundation hello-world as a floor.
struct RemoteCommandBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote",
        abstract: "Time campus schedule through a loopback campus serve against the same command on a local index; print a Markdown report.")

    @Option(help: "Students on the generated campus.")
    var students = 4_000

    @Option(help: "Sections per term.")
    var sections = 800

    @Option(help: "People in the campus directory.")
    var directory = 8_000

    @Option(help: "Runs of each command.")
    var runs = 200

    @Option(help: "The campus executable (a release build).")
    var campus = ".build/release/campus"

    @Option(help: "The hello-world reference (a release build).")
    var hello = ".build/release/hello-foundation"

    func run() async throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory() + "campus-bench-remote-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try IndexedBenchmarkCampus.make(students: students, sections: sections, directory: directory, campus: campus, folder: folder)
        defer { made.slapd.stop() }
        let registrar = try requireValue(made.model.faculty.first?.username, "no faculty")
        let server = try ServedCampus.start(campus: campus, folder: folder, slapd: made.slapd, registrar: registrar)
        defer { server.stop() }

        // The person's computer: their own configuration folder, no index.
        let home = folder.appendingPathComponent("person")
        var person = ProcessInfo.processInfo.environment
        person["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        person["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        person["NO_COLOR"] = "1"
        person.removeValue(forKey: "CAMPUS_INDEX")
        try launch(campus, ["login", server.url, "--username", registrar, "--password-stdin"], environment: person, input: "demo-\(registrar)\n")
        var operatorEnvironment = person
        operatorEnvironment["CAMPUS_INDEX"] = folder.appendingPathComponent("index.sqlite").path

        var generator = SplitMix(seed: 11)
        let people = made.model.students.map(\.username)
        var local: [Double] = [], remote: [Double] = [], floor: [Double] = []
        for _ in 0..<runs {
            let arguments = ["schedule", people[Int(generator.next() % UInt64(people.count))], "--term", made.term]
            local.append(try Stopwatch.time { try launch(campus, arguments, environment: operatorEnvironment) }.seconds)
            remote.append(try Stopwatch.time { try launch(campus, arguments, environment: person) }.seconds)
            floor.append(try Stopwatch.time { try launch(hello, [], environment: person) }.seconds)
        }
        let (localMedian, remoteMedian, floorMedian) = (median(local), median(remote), median(floor))
        print("""
            ## `campus schedule` through a loopback server

            `campus-bench remote --runs \(runs)` (release build): \(made.model.students.count) students, \(sections) sections, a directory \
            of \(directory) in slapd; the registrar's `campus schedule STUDENT --term \(made.term)` on the index (operator) and, logged in \
            by `campus login --password-stdin`, through `campus serve` on loopback; students drawn uniformly; each run of one followed by \
            one of the other and of the hello-world.

            | command | median | p90 | against the local index |
            |---|---|---|---|
            | on the local index | \(ms(localMedian)) | \(ms(Stopwatch.quantile(local.sorted(), 0.9))) | 1.00x |
            | through the server | \(ms(remoteMedian)) | \(ms(Stopwatch.quantile(remote.sorted(), 0.9))) | \(String(format: "%.2f", remoteMedian / localMedian))x |
            | hello-world (floor) | \(ms(floorMedian)) | \(ms(Stopwatch.quantile(floor.sorted(), 0.9))) | \(String(format: "%.2f", floorMedian / localMedian))x |
            """)
    }

    private func median(_ samples: [Double]) -> Double { Stopwatch.quantile(samples.sorted(), 0.5) }

    private func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

    /// Runs `executable arguments` to the end, `input` on its standard input; a failure unless it exits 0.
    private func launch(_ executable: String, _ arguments: [String], environment: [String: String], input: String = "") throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        let error = Pipe()
        process.standardError = error
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let said = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkFailure("`\(executable) \(arguments.joined(separator: " "))` exited \(process.terminationStatus): \(String(decoding: said, as: UTF8.self))")
        }
    }
}
