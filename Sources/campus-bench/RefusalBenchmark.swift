import ArgumentParser
import CampusCore
import CampusLookup
import Foundation
import GRDBSQLite

/// `campus-bench refusals`: whether refusals and not-founds cost the same whatever the person
/// asked about holds, timed in-process on the demo campus under ferpa-strict, asked by a student.
///
/// Each pair is two requests a caller may not tell apart, timed in interleaved batches (A then
/// B, then B then A, ...): the report gives each side's median time per request, the median of
/// the batches' differences, and in how many batches A took longer. Two sides that cost the same
/// differ by noise: A longer in about half the batches.
///
/// - Refusals: two students' schedules (or histories), one with classes and one without.
/// - Not-founds: a suppressed person's username, asked of the demo index, against the same
///   username asked of a copy of it from which that person was removed altogether: the same
///   text, so that what the name itself costs (its close matches) is alike on both sides, and
///   only whether the index holds someone by it differs.
struct RefusalBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refusals",
        abstract: "Time refused and not-found lookups in interleaved pairs on the demo campus; print a Markdown report.")

    @Option(help: "Interleaved batches per pair.")
    var batches = 40

    @Option(help: "Requests of each side per batch.")
    var requests = 200

    @Option(help: "The package root (its fixtures and scrapers).")
    var root = "."

    /// A service over an index, and the campus it reads.
    struct Served {
        var campus: CampusContext
        var service: CampusService
    }

    func run() async throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory() + "campus-bench-refusals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let demo = try await demoIndex(in: folder.appendingPathComponent("demo"))
        let suppressed = ["ashbye", "holtq"]
        // Two copies of the demo index made alike, one without the suppressed people, each with a
        // service of its own used for nothing else: only whether the index holds them differs.
        try Self.execute("PRAGMA wal_checkpoint(TRUNCATE)", on: demo.campus.indexURL.path)
        var copies: [Served] = []
        for (name, removing) in [("held", [String]()), ("absent", suppressed)] {
            let copy = folder.appendingPathComponent("\(name)/index.sqlite")
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: demo.campus.indexURL.path, toPath: copy.path)
            try Self.remove(removing, from: copy.path)
            try Self.execute("VACUUM", on: copy.path)
            copies.append(try await served(index: copy.path, home: copy.deletingLastPathComponent()))
        }
        let (held, absent) = (copies[0], copies[1])

        let student = Caller(username: "brennam", affiliation: .student)
        let now = Date()
        var lines = [
            "Refusals on the demo campus, in-process, ferpa-strict, asked by brennam (a student): \(batches) interleaved batches"
                + " of \(requests) requests a side.", "",
            "| pair | A | B | A median | B median | median of A−B | A longer in |",
            "|---|---|---|---|---|---|---|",
        ]
        for pair in try await Self.pairs(demo: demo, held: held, absent: absent, suppressed: suppressed) {
            let timed = await compare(pair, caller: student, now: now)
            lines.append("| \(pair.what) | \(pair.a) | \(pair.b) | \(Stopwatch.format(timed.a)) | \(Stopwatch.format(timed.b))"
                         + " | \(String(format: "%+.1f µs", timed.difference * 1e6)) | \(timed.aLonger) of \(batches) |")
        }
        print(lines.joined(separator: "\n"))
    }

    /// The demo campus in a new index under `folder`: every term crawled from the saved pages,
    /// the directory from `fixtures/directory.ldif`.
    private func demoIndex(in folder: URL) async throws -> Served {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let served = try await served(index: folder.appendingPathComponent("index.sqlite").path, home: folder)
        let campus = served.campus
        let door = CampusService(operating: campus)
        _ = try await door.syncRegistrar(
            from: try campus.registrarLocation(source: nil), terms: .all, force: false, progress: nil, as: .operator(), now: Date())
        let ldif = URL(fileURLWithPath: root).appendingPathComponent("fixtures/directory.ldif").path
        _ = try await door.syncDirectory(try campus.directorySyncRequest(DirectorySyncOptions(ldif: ldif)), as: .operator(), now: Date())
        return served
    }

    private func served(index: String, home: URL) async throws -> Served {
        let campus = try CampusContext(
            indexOption: index, paths: CampusPaths(environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path]),
            locator: ResourceLocator(environment: ["CAMPUS_HOME": URL(fileURLWithPath: root).standardized.path]),
            concurrentReads: true)
        return Served(campus: campus, service: try CampusService(
            campus: campus, configuration: try await campus.serverConfiguration(flags: ["--role", "registrar=marchk"], environment: [:])))
    }

    /// Removes `usernames` from every table of the index at `path` that names people, and their
    /// words from the did-you-mean dictionary, as the next write of `campus` would (none follows
    /// here). The tables' own triggers take their search entries.
    static func remove(_ usernames: [String], from path: String) throws {
        guard !usernames.isEmpty else { return }
        let list = usernames.map { "'\($0)'" }.joined(separator: ", ")
        let tables = ["enrollments", "section_instructors", "term_people", "directory_photos", "directory_people", "people"]
        var sql = tables.map { "DELETE FROM \($0) WHERE username IN (\(list));" }.joined()
        sql += """
            DELETE FROM suggestion_variants WHERE word IN (SELECT id FROM suggestion_words WHERE word IN (\(list)));
            DELETE FROM suggestion_words WHERE word IN (\(list));
            DELETE FROM suggestion_changes;
            """
        try execute(sql, on: path)
    }

    /// Runs `sql` on the database at `path` through SQLite's C API.
    static func execute(_ sql: String, on path: String) throws {
        var database: OpaquePointer?
        guard sqlite3_open(path, &database) == SQLITE_OK else { throw BenchmarkFailure("cannot open \(path)") }
        defer { sqlite3_close(database) }
        guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else {
            throw BenchmarkFailure("\(path): \(String(cString: sqlite3_errmsg(database)))")
        }
    }

    /// Two requests of one kind: `ask` of `a` on one service, of `b` on another (or the same).
    struct Pair {
        var what: String
        var a: String
        var b: String
        var first: CampusService
        var second: CampusService
        var ask: @Sendable (CampusService, String, Caller, Date) async -> Void
    }

    /// The pairs: the students with the most and the fewest sections of the spring term against
    /// one never enrolled; each suppressed username on the demo index (`held`) against itself on
    /// the index without them (`absent`), and a name neither holds, on each.
    static func pairs(demo: Served, held: Served, absent: Served, suppressed: [String]) async throws -> [Pair] {
        let term = "202630"
        let door = CampusService(operating: demo.campus)
        var counts: [(String, Int)] = []
        for username in ["fenwicp", "oyelarn", "paxtonr", "hollowd", "brandtn1", "holte", "whitmah"] {
            let shown = try? await door.schedule(of: username, term: term, as: .operator(), now: Date())
            counts.append((username, shown?.answer.sections.count ?? 0))
        }
        let enrolled = counts.filter { $0.1 > 0 }.sorted { $0.1 > $1.1 }
        guard let most = enrolled.first, let fewest = enrolled.last else { throw ValidationError("no demo student has classes in \(term)") }
        let never = "quinna"
        let schedule: @Sendable (CampusService, String, Caller, Date) async -> Void = { service, username, caller, now in
            _ = try? await service.schedule(of: username, term: term, as: caller, now: now)
        }
        let history: @Sendable (CampusService, String, Caller, Date) async -> Void = { service, username, caller, now in
            _ = try? await service.history(of: username, as: caller, now: now)
        }
        let card: @Sendable (CampusService, String, Caller, Date) async -> Void = { service, username, caller, now in
            _ = try? await service.person(username, as: caller, now: now)
        }
        let service = demo.service
        var pairs = [
            Pair(what: "schedule refused (403): \(most.1) sections against none", a: most.0, b: never, first: service, second: service, ask: schedule),
            Pair(what: "schedule refused (403): \(most.1) sections against \(fewest.1)", a: most.0, b: fewest.0, first: service, second: service,
                 ask: schedule),
            Pair(what: "history refused (403): classes in every term against none", a: most.0, b: never, first: service, second: service, ask: history),
        ]
        for username in suppressed {
            pairs.append(Pair(what: "card not found (404): suppressed against absent", a: username, b: username,
                              first: held.service, second: absent.service, ask: card))
            pairs.append(Pair(what: "schedule not found (404): suppressed against absent", a: username, b: username,
                              first: held.service, second: absent.service, ask: schedule))
        }
        // The control: a name neither index holds, asked of each: what the two files alone make differ.
        pairs.append(Pair(what: "card not found (404): unknown on both (control)", a: "ashbyq", b: "ashbyq",
                          first: held.service, second: absent.service, ask: card))
        pairs.append(Pair(what: "card not found (404): unknown on both, sides swapped (control)", a: "ashbyq", b: "ashbyq",
                          first: absent.service, second: held.service, ask: card))
        return pairs
    }

    private func compare(_ pair: Pair, caller: Caller, now: Date) async -> (a: Double, b: Double, difference: Double, aLonger: Int) {
        let clock = ContinuousClock()
        func batch(_ service: CampusService, _ username: String) async -> Double {
            let elapsed = await clock.measure {
                for _ in 0..<requests { await pair.ask(service, username, caller, now) }
            }
            return elapsed.seconds / Double(requests)
        }
        _ = await batch(pair.first, pair.a)
        _ = await batch(pair.second, pair.b)
        var a: [Double] = []
        var b: [Double] = []
        for index in 0..<batches {
            if index.isMultiple(of: 2) {
                a.append(await batch(pair.first, pair.a))
                b.append(await batch(pair.second, pair.b))
            } else {
                b.append(await batch(pair.second, pair.b))
                a.append(await batch(pair.first, pair.a))
            }
        }
        let differences = zip(a, b).map { $0 - $1 }.sorted()
        return (Stopwatch.quantile(a.sorted(), 0.5), Stopwatch.quantile(b.sorted(), 0.5), Stopwatch.quantile(differences, 0.5),
                differences.filter { $0 > 0 }.count)
    }
}
