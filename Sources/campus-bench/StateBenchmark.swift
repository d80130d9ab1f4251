import ArgumentParser
import CampusCore
import DemoCampus
import Foundation
import SlapdHarness

/// `campus-bench state`: what a PostgreSQL user state costs. The same `campus serve`, over
/// the same generated campus, with its user state in SQLite, in PostgreSQL (a throwaway
/// server on loopback) and in PostgreSQL behind nginx, all started at once, under the same
/// `wrk` loads taking turns in rounds: log-ins (each writes a session and asks slapd),
/// schedules read by the registrar (each writes a disclosure before it answers), and
/// people's cards (each reads the session). Each round runs every load on every set-up,
/// one after another, so that a change in the machine's speed falls on all of them; the
/// report gives medians over the rounds, and the median of each round's ratio to SQLite.
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
    var seconds = 10

    @Option(help: "Rounds, each running every load on every set-up in turn; medians are reported.")
    var rounds = 3

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

        /// A new database of the server's, so that each set-up starts with no sessions or disclosures.
        func newDatabase() throws -> String {
            "state: postgres://campus@127.0.0.1:\(postgres.port)/\(try postgres.createDatabase())?sslmode=disable\n"
                + "state-password-file: \(postgres.passwordFile)"
        }
        // Replicas read the same index file (refreshes off), each a process of its own, nginx in front.
        let stores = [("SQLite", "", 1), ("PostgreSQL", try newDatabase(), 1), ("PostgreSQL, 2 replicas behind nginx", try newDatabase(), 2)]
        var servers: [ServedCampus] = []
        var proxies: [NginxProxy] = []
        defer {
            for proxy in proxies { proxy.stop() }
            for server in servers { server.stop() }
        }
        var setups: [(store: String, url: String, loads: [(name: String, script: URL, connections: Int)])] = []
        for (store, settings, replicas) in stores {
            var replicaServers: [ServedCampus] = []
            for replica in 0..<replicas {
                let server = try ServedCampus.start(
                    campus: campus, folder: folder, slapd: slapd, registrar: registrar,
                    settings: settings, trustedProxies: replicas > 1 ? ["127.0.0.1"] : [], log: "serve-\(setups.count)-\(replica).log")
                servers.append(server)
                replicaServers.append(server)
            }
            var url = replicaServers[0].url
            if replicas > 1 {
                let proxy = try NginxProxy.start(upstreams: replicaServers.map(\.url))
                proxies.append(proxy)
                url = proxy.url
            }
            let auth = ["Authorization": "Bearer \(try replicaServers[0].logIn(registrar))"]
            let loads: [(String, String, Int)] = [
                ("log-in", WrkScript.posts("/v1/session", bodies: logins, headers: [:]), 8),
                ("schedule (a disclosure each)", WrkScript.gets(schedules, headers: auth), connections),
                ("people", WrkScript.gets(cards, headers: auth), connections),
            ]
            var scripts: [(name: String, script: URL, connections: Int)] = []
            for (name, lua, connections) in loads {
                let script = folder.appendingPathComponent("state-\(setups.count)-\(scripts.count).lua")
                try lua.write(to: script, atomically: true, encoding: .utf8)
                scripts.append((name, script, connections))
            }
            setups.append((store, url, scripts))
        }
        // runs[setup][load][round]; each round starts with another set-up, so none always goes first.
        var runs = setups.map { $0.loads.map { _ in [WrkRun]() } }
        for round in 0..<rounds {
            for load in setups[0].loads.indices {
                for turn in setups.indices {
                    let setup = (turn + round) % setups.count
                    let (name, script, connections) = setups[setup].loads[load]
                    runs[setup][load].append(try WrkRun.run(
                        "\(name)-\(setup)-\(round)", wrk: wrk, url: setups[setup].url, script: script, seconds: seconds,
                        connections: connections, threads: 2, scratch: folder))
                }
            }
        }
        let rows = setups.indices.map { setup in
            (store: setups[setup].store, loads: setups[setup].loads.indices.map { (name: setups[setup].loads[$0].name, runs: runs[setup][$0]) })
        }
        print(StateBenchmarkReport(rows: rows, seconds: seconds, rounds: rounds, notes: [
            "Generated and indexed \(model.students.count) students and \(sections) sections (\(term)); \(directory) people in slapd.",
            "`campus serve` (release) with its user state in SQLite (beside the index), in PostgreSQL \(try postgres.version()) on loopback "
                + "(`scripts/postgres`: fsync off, as a throwaway server is run), and two such servers behind nginx "
                + "(`scripts/nginx`, docs/deploying.md's configuration), all running at once on the same two cores; "
                + "the same campus and loads; wrk, 2 threads.",
            "\(rounds) rounds; in each, every load ran on every set-up in turn, the first set-up changing from round to round.",
        ]).markdown)
    }
}

/// The state benchmark's Markdown: each load with each store, medians over the rounds, and the
/// median of each round's rate against SQLite's in the same round.
struct StateBenchmarkReport {
    let rows: [(store: String, loads: [(name: String, runs: [WrkRun])])]
    let seconds: Int
    let rounds: Int
    let notes: [String]

    var markdown: String {
        var lines = notes.map { "- " + $0 }
        lines.append("")
        lines.append("| load | store | req/s (median) | each round | p50 | p99 | errors | rate against SQLite (median of rounds) | goal |")
        lines.append("|---|---|---|---|---|---|---|---|---|")
        guard let sqlite = rows.first else { return lines.joined(separator: "\n") }
        for (index, reference) in sqlite.loads.enumerated() {
            for row in rows {
                let runs = row.loads[index].runs
                let ratios = zip(runs, reference.runs).map { $0.requestsPerSecond / max($1.requestsPerSecond, 1) }
                let ratio = Stopwatch.quantile(ratios.sorted(), 0.5)
                let typical = runs.sorted { $0.requestsPerSecond < $1.requestsPerSecond }[runs.count / 2]
                let errors = runs.map(\.errors).reduce(0, +)
                let goal = row.store != "PostgreSQL" || reference.name == "people"
                    ? "—" : "\(ratio >= 0.8 && errors == 0 ? "met" : "missed") (no more than 20% slower)"
                let each = runs.map { String(format: "%.0f", $0.requestsPerSecond) }.joined(separator: ", ")
                lines.append("| \(reference.name) | \(row.store) | \(String(format: "%.0f", Stopwatch.quantile(runs.map(\.requestsPerSecond).sorted(), 0.5))) | \(each) | "
                    + "\(typical.p50) | \(typical.p99) | \(errors) | \(String(format: "%.0f%%", ratio * 100)) "
                    + "(\(ratios.map { String(format: "%.0f%%", $0 * 100) }.joined(separator: ", "))) | \(goal) |")
            }
        }
        lines.append("")
        lines.append("\(seconds) s per load and round; p50 and p99 are those of the round with the median rate.")
        return lines.joined(separator: "\n")
    }
}
