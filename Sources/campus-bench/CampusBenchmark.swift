import ArgumentParser
import CampusCore
import CampusLookup
import DemoCampus
import Foundation
import Registrar

/// `campus-bench`: the speed goals of BENCHMARKS.md, measured on generated data.
/// `registrar` (the default) measures the registrar goals, `directory` the directory's.
@main
struct CampusBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "campus-bench",
        abstract: "Measure the speed goals of BENCHMARKS.md; print a Markdown report.",
        subcommands: [RegistrarBenchmark.self, DirectoryBenchmark.self, OverlayBenchmark.self, ApiBenchmark.self, RefusalBenchmark.self,
                      BannerReadingBenchmark.self, StateBenchmark.self, SnapshotBenchmark.self, CostBenchmark.self,
                      SignInBenchmark.self, RemoteCommandBenchmark.self],
        defaultSubcommand: RegistrarBenchmark.self)
}

/// `campus-bench registrar`: the registrar goals, measured on a generated campus.
///
/// Page reading is compared with `xmllint --html --noout` on the same pages in one
/// process; `campus reparse` and `campus search` are timed as whole processes.
struct RegistrarBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "registrar",
        abstract: "Measure page reading, reparse and search on a generated campus; print a Markdown report.")

    @Option(help: "Students on the generated campus.")
    var students = 10_000

    @Option(help: "Sections per term.")
    var sections = 1_500

    @Option(help: "People in the campus directory: the campus's own, then generated ones (0: no directory).")
    var directory = 50_000

    @Option(help: "The campus executable to time as a whole process (a release build).")
    var campus = ".build/release/campus"

    @Option(help: "A Swift Foundation hello-world built the same way, the reference for whole processes.")
    var hello = ".build/release/hello-foundation"

    @Option(help: "The registrar definition.")
    var definition = "scrapers/rose-hulman.yaml"

    @Option(help: "In-process searches to time.")
    var searches = 5_000

    @Option(help: "Whole-process `campus search` runs to time.")
    var processRuns = 30

    @Option(help: "Work folder (default: a new temporary folder, removed afterwards).")
    var work: String?

    @Flag(help: "With --work holding an index from an earlier run: time only the searches (for profiling).")
    var searchOnly = false

    func run() async throws {
        let folder = URL(fileURLWithPath: work ?? NSTemporaryDirectory() + "campus-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if work == nil { try? FileManager.default.removeItem(at: folder) } }
        let registrar = try RegistrarDefinition.load(contentsOf: URL(fileURLWithPath: definition))
        var report = BenchmarkReport(students: students, sections: sections)

        let pagesFolder = folder.appendingPathComponent("pages")
        let generated = try Stopwatch.time {
            let model = CampusGenerator.generate(.benchmark(students: students, sectionsPerTerm: sections, terms: 1))
            if !searchOnly { _ = try SavedPagesWriter(directory: pagesFolder).write(model, selection: .benchmark) }
            return model
        }
        let term = try requireValue(generated.value.terms.first?.term, "the generator made no term")
        let index = folder.appendingPathComponent("index.sqlite").path
        if searchOnly {
            let asked = SearchQueries(campus: generated.value, term: term.code)
            report.search = try SearchBenchmark(
                door: CampusService(operating: try CampusContext(indexOption: index)), reference: try FTS5Reference(index: index),
                queries: asked.make(count: searches), misses: asked.misses(count: searches / 5)).run()
            print(report.markdown)
            return
        }
        report.note("Generated \(generated.value.students.count) students, \(sections) sections (\(term.code)) in \(Stopwatch.format(generated.seconds))")

        let pages = try PageFiles.html(in: pagesFolder.appendingPathComponent(term.code.rawValue))
        report.reading = try PageReadingBenchmark(files: pages, reader: PageReader(definition: registrar)).run()

        let processes = ProcessBenchmark(campus: campus, index: index)
        try processes.sync(source: pagesFolder.path, term: term.code.rawValue)
        report.reparse = try processes.reparse()
        report.recrawl = try processes.recrawl(source: pagesFolder.path, term: term.code.rawValue)
        if directory > 0 {
            let ldif = folder.appendingPathComponent("directory.ldif")
            let written = try Stopwatch.time {
                try DirectoryFixture.campus(generated.value, people: directory, seed: 3).write(to: ldif, atomically: true, encoding: .utf8)
                try processes.syncDirectory(ldif: ldif.path)
            }
            report.note("Wrote and synced a campus directory of \(directory) people (the campus's own, then generated) in \(Stopwatch.format(written.seconds))")
        }

        let campus = try CampusContext(indexOption: index)
        let asked = SearchQueries(campus: generated.value, term: term.code)
        let queries = asked.make(count: searches)
        let misses = asked.misses(count: searches / 5)
        report.search = try SearchBenchmark(
            door: CampusService(operating: campus), reference: try FTS5Reference(index: index), queries: queries, misses: misses).run()
        report.searchProcess = try processes.search(queries: Array(queries.prefix(processRuns)), hello: hello)
        report.missProcess = try processes.search(queries: Array(misses.prefix(processRuns)), hello: hello)
        // The same order of look-ups in every run.
        var shuffling = SeededGenerator(seed: 21)
        report.readTransaction = try ReadTransactionBenchmark(
            index: index, usernames: generated.value.students.map(\.username).shuffled(using: &shuffling)).run()
        report.note("The index file: \(Self.megabytes(index)) MiB")
        print(report.markdown)
    }
}

extension RegistrarBenchmark {

    /// The size of a file in MiB, one decimal.
    static func megabytes(_ path: String) -> String {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return String(format: "%.1f", Double(bytes) / 1_048_576)
    }
}

/// `#require` for a command-line tool: a value or a thrown, explained failure.
func requireValue<T>(_ value: T?, _ message: String) throws -> T {
    guard let value else { throw ValidationError(message) }
    return value
}
