import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus-bench refusals`: whether refusals and not-founds cost the same whatever the person
/// asked about holds, timed in-process on the demo campus under ferpa-strict.
///
/// Each pair is two requests a caller may not tell apart (two students' schedules refused,
/// a suppressed person's card and an unknown name's), timed in interleaved batches (A then B,
/// then B then A, ...): the report gives each side's median time per request, the median of the
/// batches' differences, and in how many batches A took longer. Two sides that cost the same
/// differ by noise: A longer in about half the batches.
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

    func run() async throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory() + "campus-bench-refusals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let campus = try CampusContext(
            indexOption: folder.appendingPathComponent("index.sqlite").path,
            paths: CampusPaths(environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path]),
            locator: ResourceLocator(environment: ["CAMPUS_HOME": URL(fileURLWithPath: root).standardized.path]),
            concurrentReads: true)
        _ = try await campus.syncRegistrar(from: try campus.registrarLocation(source: nil), terms: .all, force: false, progress: nil, now: Date())
        let ldif = URL(fileURLWithPath: root).appendingPathComponent("fixtures/directory.ldif").path
        _ = try await campus.syncDirectory(try campus.directorySyncRequest(DirectorySyncOptions(ldif: ldif)), now: Date())
        let service = try CampusService(campus: campus, configuration: try campus.serverConfiguration(ServeOptions(roles: ["registrar=marchk"])))
        let student = Caller(username: "brennam", affiliation: .student)
        let now = Date()

        let pairs = try Self.pairs(campus)
        var lines = [
            "Refusals on the demo campus, in-process, ferpa-strict, asked by brennam (a student): \(batches) interleaved batches"
                + " of \(requests) requests a side.", "",
            "| pair | A | B | A median | B median | median of A−B | A longer in |",
            "|---|---|---|---|---|---|---|",
        ]
        for pair in pairs {
            let timed = try await compare(pair, service: service, caller: student, now: now)
            lines.append("| \(pair.what) | \(pair.a) | \(pair.b) | \(Stopwatch.format(timed.a)) | \(Stopwatch.format(timed.b))"
                         + " | \(String(format: "%+.1f µs", timed.difference * 1e6)) | \(timed.aLonger) of \(batches) |")
        }
        print(lines.joined(separator: "\n"))
    }

    /// Two requests of one kind, about `a` and about `b`.
    struct Pair {
        var what: String
        var a: String
        var b: String
        var ask: @Sendable (CampusService, String, Caller, Date) async -> Void
    }

    /// The pairs: the students with the most and the fewest sections of the newest spring term
    /// against one never enrolled, and a suppressed person against an unknown name one letter off.
    static func pairs(_ campus: CampusContext) throws -> [Pair] {
        let term = "202630"
        var counts: [(String, Int)] = []
        for username in ["fenwicp", "oyelarn", "paxtonr", "hollowd", "brandtn1", "holte", "whitmah"] {
            counts.append((username, (try? campus.schedule(of: username, term: term, now: Date()))?.sections.count ?? 0))
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
            _ = try? service.person(username, as: caller, now: now)
        }
        return [
            Pair(what: "schedule refused (403): \(most.1) sections against none", a: most.0, b: never, ask: schedule),
            Pair(what: "schedule refused (403): \(most.1) sections against \(fewest.1)", a: most.0, b: fewest.0, ask: schedule),
            Pair(what: "history refused (403): classes in every term against none", a: most.0, b: never, ask: history),
            Pair(what: "card not found (404): suppressed against unknown", a: "ashbye", b: "ashbyq", ask: card),
            Pair(what: "schedule not found (404): suppressed against unknown", a: "ashbye", b: "ashbyq", ask: schedule),
        ]
    }

    private func compare(_ pair: Pair, service: CampusService, caller: Caller, now: Date) async throws -> (a: Double, b: Double, difference: Double, aLonger: Int) {
        let clock = ContinuousClock()
        func batch(_ username: String) async -> Double {
            let elapsed = await clock.measure {
                for _ in 0..<requests { await pair.ask(service, username, caller, now) }
            }
            return elapsed.seconds / Double(requests)
        }
        _ = await batch(pair.a)
        _ = await batch(pair.b)
        var a: [Double] = []
        var b: [Double] = []
        for index in 0..<batches {
            if index.isMultiple(of: 2) {
                a.append(await batch(pair.a))
                b.append(await batch(pair.b))
            } else {
                b.append(await batch(pair.b))
                a.append(await batch(pair.a))
            }
        }
        let differences = zip(a, b).map { $0 - $1 }.sorted()
        return (Stopwatch.quantile(a.sorted(), 0.5), Stopwatch.quantile(b.sorted(), 0.5), Stopwatch.quantile(differences, 0.5),
                differences.filter { $0 > 0 }.count)
    }
}
