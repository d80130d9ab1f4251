import DemoCampus
import Foundation
import Testing

/// `kill -9` at random moments of a registrar sync and a directory sync: the index
/// is never half-written. Each term and the directory are wholly there or wholly
/// absent, `PRAGMA integrity_check` says ok, and the next run completes.
@Suite("Syncs killed at random moments", .serialized)
struct KillFaultTests {
    /// Asks the index with the sqlite3 shell, as an admin inspecting it would.
    private func query(_ campus: CampusRunner, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [campus.indexPath, sql]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts `campus arguments`, kills it with SIGKILL after `delay`, and waits for it to be gone.
    private func killed(_ campus: CampusRunner, _ arguments: [String], after delay: Duration) throws {
        let process = Process()
        process.executableURL = CampusRunner.executable
        process.arguments = arguments
        process.environment = campus.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: delay / .seconds(1))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// How long `campus arguments` takes on a fresh index, to spread the kills over.
    private func duration(_ arguments: [String]) throws -> (Duration, CampusRunner) {
        let campus = try CampusRunner()
        let clock = ContinuousClock()
        let started = clock.now
        let result = try campus.run(arguments: arguments)
        #expect(result.status == 0, "\(result.error)")
        return (clock.now - started, campus)
    }

    @Test("a registrar sync killed at any moment leaves every term whole or absent, and the next sync completes")
    func registrarSyncKilled() throws {
        let sync = ["sync", "registrar", "--term", "all"]
        let (full, reference) = try duration(sync)
        defer { reference.cleanUp() }
        let sectionsPerTerm = "SELECT term, COUNT(*) FROM sections GROUP BY term ORDER BY term"
        let complete = Dictionary(uniqueKeysWithValues: try query(reference, sectionsPerTerm).split(separator: "\n").map { line in
            let parts = line.split(separator: "|")
            return (String(parts[0]), String(parts[1]))
        })
        #expect(complete.count >= 2)
        var generator = SeededGenerator(seed: 9)
        for round in 0..<4 {
            let campus = try CampusRunner()
            defer { campus.cleanUp() }
            try killed(campus, sync, after: full * Double.random(in: 0.05...0.95, using: &generator))
            guard FileManager.default.fileExists(atPath: campus.indexPath) else { continue }
            #expect(try query(campus, "PRAGMA integrity_check") == "ok", "round \(round)")
            for line in try query(campus, sectionsPerTerm).split(separator: "\n") {
                let parts = line.split(separator: "|")
                #expect(complete[String(parts[0])] == String(parts[1]), "round \(round): term \(parts[0]) is half there")
            }
            #expect(try campus.run(arguments: sync).status == 0)
            #expect(try query(campus, "SELECT COUNT(DISTINCT term) FROM sections") == String(complete.count))
        }
    }

    @Test("a directory sync killed at any moment leaves the directory as it was or as the file says, and the next sync completes")
    func directorySyncKilled() throws {
        let ldif = HardeningEndToEndTests.directoryLDIF.path
        let text = try String(contentsOfFile: ldif, encoding: .utf8)
        // The same people with new titles, so that a mix of old and new would show.
        let retitled = text.replacingOccurrences(of: "\ntitle: ", with: "\ntitle: Acting ")
        let sync = ["sync", "directory", "--ldif"]
        let (full, reference) = try duration(sync + [ldif])
        defer { reference.cleanUp() }
        let people = try query(reference, "SELECT COUNT(*) FROM directory_people")
        var generator = SeededGenerator(seed: 11)
        for round in 0..<4 {
            let campus = try CampusRunner()
            defer { campus.cleanUp() }
            #expect(try campus.run(arguments: sync + [ldif]).status == 0)
            let newer = campus.home.appendingPathComponent("newer.ldif")
            try Data(retitled.utf8).write(to: newer)
            try killed(campus, sync + [newer.path], after: full * Double.random(in: 0.05...0.95, using: &generator))
            #expect(try query(campus, "PRAGMA integrity_check") == "ok", "round \(round)")
            #expect(try query(campus, "SELECT COUNT(*) FROM directory_people") == people)
            let acting = try query(campus, "SELECT COUNT(*) FROM directory_people WHERE title LIKE 'Acting %'")
            let titled = try query(campus, "SELECT COUNT(*) FROM directory_people WHERE title IS NOT NULL")
            #expect(acting == "0" || acting == titled, "round \(round): \(acting) of \(titled) titles new")
            #expect(try campus.run(arguments: sync + [newer.path]).status == 0)
            #expect(try query(campus, "SELECT COUNT(*) FROM directory_people WHERE title LIKE 'Acting %'") == titled)
        }
    }
}
