import ArgumentParser
import CampusCore
import DemoCampus
import Foundation
import SlapdHarness

/// `campus-bench state`: what a PostgreSQL user state costs. The same `campus serve`, over
/// the same generated campus, with its user state in SQLite and then in PostgreSQL (a
/// throwaway server on loopback), under the same `wrk` loads in one run: log-ins (each writes
/// a session and asks slapd), schedules read by the registrar (each writes a disclosure
/// before it answers), and people's cards (each reads the session).
struct StateBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Log-ins, schedules and cards with the user state in SQLite and in PostgreSQL, in one run; print a Markdown report.")

    @Option(help: "Students on the generated campus.")
    var students = 10_000

    @Option(help: "Sections per term.")
    var sections = 1_500

    @Option(help: "People in the campus directory, all in slapd.")
    var directory = 20_000

    @Option(help: "Seconds per load.")
    var seconds = 15

    @Option(help: "Open connections for schedules and cards (log-ins use 8).")
    var connections = 64

    @Option(help: "The campus executable (a release build).")
    var campus = ".build/release/campus"

    @Option(help: "wrk.")
    var wrk = "wrk"

    @Option(help: "Work folder (default: a new temporary folder, removed afterwards).")
    var work: String?

    func run() async throws {
        let folder = URL(fileURLWithPath: work ?? NSTemporaryDirectory() + "campus-bench-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { if work == nil { try? FileManager.default.removeItem(at: folder) } }

        let indexed = try IndexedBenchmarkCampus.make(students: students, sections: sections, directory: directory, campus: campus, folder: folder)
        let (model, slapd, term) = (indexed.model, indexed.slapd, indexed.term)
        defer { slapd.stop() }
        let postgres = try PostgresServer.start()
        defer { postgres.stop() }
        let registrar = try requireValue(model.faculty.first?.username, "no faculty")

        let people = model.students.map(\.username)
        var generator = SplitMix(seed: 11)
        func pick(_ count: Int) -> [String] { (0..<count).map { _ in people[Int(generator.next() % UInt64(people.count))] } }
        let schedules = pick(1000).map { "/v1/people/\($0)/schedule?term=\(term)" }
        let cards = pick(1000).map { "/v1/people/\($0)" }
        let logins = pick(1000).map { "{\"username\": \"\($0)\", \"password\": \"demo-\($0)\"}" }

        var rows: [(store: String, runs: [WrkRun])] = []
        /// A new database of the server's, so that each run starts with no sessions or disclosures.
        func newDatabase() throws -> String {
            "state: postgres://campus@127.0.0.1:\(postgres.port)/\(try postgres.createDatabase())?sslmode=disable\n"
                + "state-password-file: \(postgres.passwordFile)"
        }
        let stores = [("SQLite", "", 1), ("PostgreSQL", try newDatabase(), 1), ("PostgreSQL, 2 replicas behind nginx", try newDatabase(), 2)]
        for (store, settings, replicas) in stores {
            // Replicas read the same index file (refreshes off), each a process of its own, nginx in front.
            var servers: [ServedCampus] = []
            defer { for server in servers { server.stop() } }
            for replica in 0..<replicas {
                servers.append(try ServedCampus.start(
                    campus: campus, folder: folder, slapd: slapd, registrar: registrar,
                    settings: settings, trustedProxies: replicas > 1 ? ["127.0.0.1"] : [], log: "serve-\(replica).log"))
            }
            let proxy = replicas > 1 ? try NginxProxy.start(upstreams: servers.map(\.url)) : nil
            defer { proxy?.stop() }
            let url = proxy?.url ?? servers[0].url
            let auth = ["Authorization": "Bearer \(try servers[0].logIn(registrar))"]
            var runs: [WrkRun] = []
            let loads: [(String, String, Int)] = [
                ("log-in", WrkScript.posts("/v1/session", bodies: logins, headers: [:]), 8),
                ("schedule (a disclosure each)", WrkScript.gets(schedules, headers: auth), connections),
                ("people", WrkScript.gets(cards, headers: auth), connections),
            ]
            for (name, lua, connections) in loads {
                let script = folder.appendingPathComponent("state-\(runs.count).lua")
                try lua.write(to: script, atomically: true, encoding: .utf8)
                runs.append(try WrkRun.run(name, wrk: wrk, url: url, script: script, seconds: seconds,
                                           connections: connections, threads: 2, scratch: folder))
            }
            rows.append((store, runs))
        }
        print(StateBenchmarkReport(rows: rows, seconds: seconds, notes: [
            "Generated and indexed \(model.students.count) students and \(sections) sections (\(term)); \(directory) people in slapd.",
            "`campus serve` (release) with its user state in SQLite (beside the index), then in PostgreSQL 15 on loopback "
                + "(`scripts/postgres`: fsync off, as a throwaway server is run), then two such servers behind nginx "
                + "(`scripts/nginx`, docs/deploying.md's configuration) on the same two cores; the same campus, token and loads; wrk, 2 threads.",
        ]).markdown)
    }
}

/// The state benchmark's Markdown: each load with each store, PostgreSQL's rate against SQLite's.
struct StateBenchmarkReport {
    let rows: [(store: String, runs: [WrkRun])]
    let seconds: Int
    let notes: [String]

    var markdown: String {
        var lines = notes.map { "- " + $0 }
        lines.append("")
        lines.append("| load | store | req/s | p50 | p99 | errors | rate against SQLite | goal |")
        lines.append("|---|---|---|---|---|---|---|---|")
        guard let sqlite = rows.first else { return lines.joined(separator: "\n") }
        for (index, run) in sqlite.runs.enumerated() {
            for row in rows {
                let measured = row.runs[index]
                let ratio = measured.requestsPerSecond / max(run.requestsPerSecond, 1)
                let goal = row.store != "PostgreSQL" || run.name == "people"
                    ? "—" : "\(ratio >= 0.8 && measured.errors == 0 ? "met" : "missed") (no more than 20% slower)"
                lines.append("| \(run.name) | \(row.store) | \(String(format: "%.0f", measured.requestsPerSecond)) | \(measured.p50) | "
                    + "\(measured.p99) | \(measured.errors) | \(String(format: "%.0f%%", ratio * 100)) | \(goal) |")
            }
        }
        lines.append("")
        lines.append("\(seconds) s per load.")
        return lines.joined(separator: "\n")
    }
}
