import ArgumentParser
import Foundation
import SlapdHarness

/// `campus-bench snapshots`: what sharing one index between replicas costs, on a generated
/// campus. A `campus serve` with its user state in PostgreSQL takes the refresher role and
/// publishes its index as a snapshot; a second, started with no index at all, fetches it,
/// checks it and serves it. The reference, in the same run: the same server with its user
/// state in SQLite, from start to ready, and a plain copy of the index file.
struct SnapshotBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshots",
        abstract: "Publishing an index snapshot to PostgreSQL and a replica taking it in; print a Markdown report.")

    @Option(help: "Students on the generated campus.")
    var students = 10_000

    @Option(help: "Sections per term.")
    var sections = 1_500

    @Option(help: "People in the campus directory.")
    var directory = 20_000

    @Option(help: "Rounds of each measurement.")
    var rounds = 3

    @Option(help: "The campus executable (a release build).")
    var campus = ".build/release/campus"

    func run() async throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory() + "campus-bench-snapshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let indexed = try IndexedBenchmarkCampus.make(students: students, sections: sections, directory: directory, campus: campus, folder: folder)
        defer { indexed.slapd.stop() }
        let postgres = try PostgresServer.start()
        defer { postgres.stop() }
        let registrar = try requireValue(indexed.model.faculty.first?.username, "no faculty")
        let index = folder.appendingPathComponent("index.sqlite")
        let indexBytes = try FileManager.default.attributesOfItem(atPath: index.path)[.size] as? Int ?? 0

        var rows: [(String, [Double])] = [("copy the index file (reference)", []), ("start, SQLite state, to ready (reference)", []),
                                          ("start, take the role, publish (PostgreSQL)", []), ("start with no index, fetch, check, serve", [])]
        var snapshotBytes = 0
        for round in 0..<rounds {
            let copy = folder.appendingPathComponent("copy-\(round).sqlite")
            rows[0].1.append(try Self.seconds { try FileManager.default.copyItem(at: index, to: copy) })
            try FileManager.default.removeItem(at: copy)

            rows[1].1.append(try Self.seconds {
                let server = try ServedCampus.start(campus: campus, folder: folder, slapd: indexed.slapd, registrar: registrar)
                defer { server.stop() }
                try Self.until(server, "ready") { $0["ready"] as? Bool == true }
            })

            // A database of its own each round: nothing published yet, the role free.
            let state = "state: postgres://campus@127.0.0.1:\(postgres.port)/\(try postgres.createDatabase())?sslmode=disable\n"
                + "state-password-file: \(postgres.passwordFile)"
            var version = 0
            let started = Date()
            let publisher = try ServedCampus.start(
                campus: campus, folder: folder, slapd: indexed.slapd, registrar: registrar, settings: state, log: "publisher-\(round).log")
            defer { publisher.stop() }
            try Self.until(publisher, "published") { readiness in
                version = Self.snapshot(readiness)["version"] as? Int ?? 0
                return Self.snapshot(readiness)["role"] as? String == "refresher" && version > 0
            }
            rows[2].1.append(Date().timeIntervalSince(started))

            let empty = folder.appendingPathComponent("replica-\(round)")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            rows[3].1.append(try Self.seconds {
                let reader = try ServedCampus.start(campus: campus, folder: empty, slapd: indexed.slapd, registrar: registrar, settings: state)
                defer { reader.stop() }
                try Self.until(reader, "serving version \(version)") { Self.snapshot($0)["version"] as? Int == version }
            })
            let snapshots = empty.appendingPathComponent("index.sqlite.snapshots")
            for file in try FileManager.default.contentsOfDirectory(atPath: snapshots.path) {
                snapshotBytes = try FileManager.default.attributesOfItem(atPath: snapshots.appendingPathComponent(file).path)[.size] as? Int ?? 0
            }
            publisher.stop()
            try FileManager.default.removeItem(at: empty)
        }
        print(SnapshotBenchmarkReport(rows: rows, notes: [
            "Generated and indexed \(indexed.model.students.count) students and \(sections) sections (\(indexed.term)); \(directory) people "
                + "in the index. The index file: \(Self.megabytes(indexBytes)); its snapshot (`VACUUM INTO`): \(Self.megabytes(snapshotBytes)).",
            "`campus serve` (release), registrar refreshes off; PostgreSQL \(try postgres.version()) on loopback (`scripts/postgres`, fsync off). Each replica is "
                + "timed from the process's start until its `/readyz` shows what is measured (polled every 20 ms), \(rounds) rounds; "
                + "a new database each round.",
        ]).markdown)
    }

    /// `/readyz`'s `index.snapshot`.
    private static func snapshot(_ readiness: [String: Any]) -> [String: Any] {
        (readiness["index"] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:]
    }

    /// Asks `server`'s `/readyz` every 20 ms until `condition` holds; fails after five minutes.
    private static func until(_ server: ServedCampus, _ what: String, _ condition: ([String: Any]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(300)
        while !condition(server.readiness()) {
            guard Date() < deadline else { throw BenchmarkFailure("\(server.url) never got \(what)") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    private static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    private static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
}

/// The snapshot benchmark's Markdown: each step's times, the median against the copy's.
struct SnapshotBenchmarkReport {
    let rows: [(String, [Double])]
    let notes: [String]

    var markdown: String {
        var lines = notes.map { "- " + $0 }
        lines.append("")
        lines.append("| step | rounds (s) | median (s) | against copying the file |")
        lines.append("|---|---|---|---|")
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let reference = rows.first.map { median($0.1) } ?? 1
        for (step, times) in rows where !times.isEmpty {
            lines.append("| \(step) | \(times.map { String(format: "%.3f", $0) }.joined(separator: ", ")) | "
                + "\(String(format: "%.3f", median(times))) | \(String(format: "%.0fx", median(times) / max(reference, 1e-6))) |")
        }
        return lines.joined(separator: "\n")
    }
}
