import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Bad input, careless set-ups and concurrent runs, tried with the built `campus`
/// as an attacker or a hurried admin would (issue 9's findings, each one).
@Suite("campus under bad input, concurrent runs and careless set-ups", .serialized)
struct HardeningEndToEndTests {
    static let directoryLDIF = CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif")

    /// Writes `text` to `name` in the runner's home; its path.
    private func file(_ campus: CampusRunner, _ name: String, _ text: String) throws -> String {
        let url = campus.home.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func syncLDIF(_ campus: CampusRunner, _ path: String, _ extra: String...) throws -> CampusRunner.Result {
        try campus.run(arguments: ["sync", "directory", "--ldif", path] + extra)
    }

    @Test("a second writer waits for the first (saying so) or, with --no-wait, refuses; the lock dies with its holder")
    func oneWriterAtATime() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try syncLDIF(campus, Self.directoryLDIF.path).status == 0)
        // Another process holds the lock: this test's own descriptor, as a running sync would.
        let holder = open(campus.indexPath + ".lock", O_RDWR)
        #expect(holder >= 0)
        #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)

        let refused = try syncLDIF(campus, Self.directoryLDIF.path, "--no-wait")
        #expect(refused.status == 1)
        #expect(refused.error.contains("is writing the index at \(campus.indexPath)") && refused.error.contains("--no-wait"))

        let waiting = Process()
        waiting.executableURL = CampusRunner.executable
        waiting.arguments = ["sync", "directory", "--ldif", Self.directoryLDIF.path]
        waiting.environment = campus.environment
        let errors = Pipe()
        waiting.standardError = errors
        waiting.standardOutput = Pipe()
        try waiting.run()
        var said = ""
        while !said.contains("waiting for it to finish") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        #expect(said.contains("waiting for it to finish"), "\(said)")
        #expect(waiting.isRunning)
        close(holder)
        waiting.waitUntilExit()
        #expect(waiting.terminationStatus == 0)
        #expect(try campus.run("person", "whitfid").status == 0)
    }

    @Test("two full syncs at once leave the index whole: one directory, every person once")
    func concurrentSyncs() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let runs = (0..<2).map { _ in
            let process = Process()
            process.executableURL = CampusRunner.executable
            process.arguments = ["sync", "directory", "--ldif", Self.directoryLDIF.path, "--json"]
            process.environment = campus.environment
            process.standardOutput = Pipe()
            process.standardError = Pipe()
            return process
        }
        for run in runs { try run.run() }
        for run in runs { run.waitUntilExit() }
        #expect(runs.allSatisfy { $0.terminationStatus == 0 })
        let search = try campus.run("search", "--affiliation", "faculty", "--limit", "1000", "--json")
        #expect(search.status == 0)
        let json = try #require(try search.json() as? [String: Any])
        let hits = try #require(json["matches"] as? [[String: Any]])
        let usernames = hits.compactMap { $0["id"] as? String }
        #expect(!usernames.isEmpty && Set(usernames).count == usernames.count)
    }

    @Test("malformed LDIF is an error naming its line, never a crash, and libldap says nothing of its own")
    func malformedLDIF() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        for (text, line) in [("dn: x\n-\n", 2), ("dn: uid=a,dc=edu\nuid a\n", 2), ("dn: uid=a,dc=edu\nbad name!: x\n", 2),
                             ("dn: uid=a,dc=edu\nuid: a\njpegPhoto:: not base64!\n", 3)] {
            let result = try syncLDIF(campus, try file(campus, "bad.ldif", text))
            #expect(result.status == 1, "\(text)")
            #expect(result.error.contains("bad.ldif:\(line): not valid LDIF"), "\(result.error)")
            #expect(!result.error.contains("invalid format") && !result.error.contains("Program crashed"))
        }
    }

    @Test("an LDIF value written as a file URL is refused, unless it lies under the one folder allowed")
    func ldifFileValues() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let folder = campus.home.appendingPathComponent("values")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("Dean of Students".utf8).write(to: folder.appendingPathComponent("title"))
        let entry = "dn: uid=ada,dc=edu\nuid: ada\ncn: Ada Quill\nsn: Quill\ntitle:< file://%@\n"
        let shadow = try file(campus, "shadow.ldif", String(format: entry, "/etc/passwd"))
        let refused = try syncLDIF(campus, shadow)
        #expect(refused.status == 1)
        #expect(refused.error.contains("shadow.ldif:5") && refused.error.contains("file:///etc/passwd"))
        #expect(refused.error.contains("--ldif-files-under"))
        let outside = try syncLDIF(campus, shadow, "--ldif-files-under", folder.path)
        #expect(outside.status == 1)
        #expect(outside.error.contains("not a local file under \(folder.path)"))
        let allowed = try syncLDIF(campus, try file(campus, "ok.ldif", String(format: entry, folder.appendingPathComponent("title").path)),
                                   "--ldif-files-under", folder.path)
        #expect(allowed.status == 0, "\(allowed.error)")
        #expect(try campus.run("person", "ada").output.contains("Dean of Students"))
    }

    @Test("an LDIF export cut short is refused: a full sync may remove 10% of the people unless forced")
    func truncatedLDIF() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try syncLDIF(campus, Self.directoryLDIF.path).status == 0)
        let text = try String(contentsOf: Self.directoryLDIF, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let cut = try file(campus, "cut.ldif", lines.prefix(lines.count * 6 / 10).joined(separator: "\n") + "\n")
        let refused = try syncLDIF(campus, cut)
        #expect(refused.status == 1)
        #expect(refused.error.contains("more than the 10%") && refused.error.contains("--force"))
        #expect(try campus.run("person", "whitfid").status == 0)
        let raised = try syncLDIF(campus, cut, "--removal-limit", "60")
        #expect(raised.status == 0, "\(raised.error)")
    }

    @Test("terminal escapes in directory data and in arguments are shown, never sent raw")
    func terminalEscapes() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let title = "Dean\u{1B}]0;owned\u{07}\u{1B}[2J"
        let encoded = Data(title.utf8).base64EncodedString()
        let ldif = try file(campus, "escape.ldif", "dn: uid=ada,dc=edu\nuid: ada\ncn: Ada Quill\nsn: Quill\ntitle:: \(encoded)\n")
        #expect(try syncLDIF(campus, ldif).status == 0)
        let card = try campus.run("person", "ada")
        #expect(card.status == 0)
        #expect(!card.output.contains("\u{1B}") && !card.output.contains("\u{07}"))
        #expect(card.output.contains("Dean^[]0;owned^G^[[2J"), "\(card.output)")
        let argument = try campus.run("person", "x\u{1B}[2Jy")
        #expect(argument.status == 1)
        #expect(!argument.error.contains("\u{1B}") && argument.error.lowercased().contains("x^[[2jy"), "\(argument.error)")
    }

    @Test("a lookup never creates an index, names the path it could not open, and reads a file it may not write")
    func lookupsOpenReadOnly() throws {
        var campus = try CampusRunner()
        defer { campus.cleanUp() }
        campus.environment["CAMPUS_INDEX"] = campus.home.appendingPathComponent("nowhere/index.sqlite").path
        let missing = try campus.run("person", "whitfid")
        #expect(missing.status == 1 && missing.error.contains("no index at \(campus.indexPath)"))
        #expect(!FileManager.default.fileExists(atPath: campus.home.appendingPathComponent("nowhere").path))
        campus.environment["CAMPUS_INDEX"] = campus.home.path
        let folder = try campus.run("person", "whitfid")
        #expect(folder.status == 1 && folder.error.contains(campus.home.path) && folder.error.contains("folder"), "\(folder.error)")

        // An index its reader may not write: a user's own read-only copy (as root, another user's).
        let shared = campus.home.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        campus.environment["CAMPUS_INDEX"] = shared.appendingPathComponent("index.sqlite").path
        #expect(try syncLDIF(campus, Self.directoryLDIF.path).status == 0)
        let result = try Self.runAsReader(campus, ["person", "whitfid"], folder: shared)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Dana Whitfield"))
    }

    /// Runs `campus arguments` against an index in `folder` that the process may read
    /// but not write: as `nobody` with the folder handed over read-only when this
    /// test runs as root (who may write anything), else with the folder made read-only.
    static func runAsReader(_ campus: CampusRunner, _ arguments: [String], folder: URL) throws -> CampusRunner.Result {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).map { folder.appendingPathComponent($0).path }
        if getuid() == 0 {
            for path in files + [folder.path, campus.home.path] { #expect(chown(path, 65534, 65534) == 0) }
            for path in files { try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: path) }
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.path)
            defer { for path in files + [folder.path, campus.home.path] { _ = chown(path, 0, 0) } }
            let wrapped = ["--reuid=65534", "--regid=65534", "--clear-groups", CampusRunner.executable.path] + arguments
            return try campus.run(arguments: wrapped, executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        }
        for path in files { try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: path) }
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path) }
        return try campus.run(arguments: arguments)
    }

    @Test("an index made by this version is private; one open to others is reported with the chmod to run")
    func privateIndex() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try syncLDIF(campus, Self.directoryLDIF.path).status == 0)
        for path in [campus.indexPath, campus.indexPath + "-wal", campus.indexPath + "-shm", campus.indexPath + ".lock"]
        where FileManager.default.fileExists(atPath: path) {
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(path)")
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: campus.indexPath)
        let warned = try campus.run("person", "whitfid")
        #expect(warned.status == 0)
        #expect(warned.error.contains("warning: \(campus.indexPath) holds student records") && warned.error.contains("chmod 600 \(campus.indexPath)"))
    }

    @Test("a damaged index is refused by the next writer, which marks it so that lookups refuse it too")
    func damagedIndex() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try syncLDIF(campus, Self.directoryLDIF.path).status == 0)
        #expect(try campus.importSamples().status == 0)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: campus.indexPath))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        var generator = SystemRandomNumberGenerator()
        try handle.write(contentsOf: Data((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        try handle.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: campus.indexPath))

        let sync = try syncLDIF(campus, Self.directoryLDIF.path)
        #expect(sync.status == 1)
        #expect(sync.error.contains("damaged") && sync.error.contains("To rebuild it"), "\(sync.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: campus.indexPath)) == before)
        for lookup in [["person", "whitfid"], ["terms"]] {
            let result = try campus.run(arguments: lookup)
            #expect(result.status == 1 && result.error.contains("damaged"), "\(lookup): \(result.error)")
        }
    }

    @Test("a configuration file others may read is refused with the chmod to run")
    func exposedConfiguration() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let folder = campus.home.appendingPathComponent("config/campus")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.yaml")
        try Data("registrar:\n  password-file: ~/registrar.password\n".utf8).write(to: config)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config.path)
        let result = try campus.run("terms")
        #expect(result.status == 1)
        #expect(result.error.contains("chmod 600 \(config.path)") && result.error.contains("0644"), "\(result.error)")
    }

    @Test("smaller slips: a room time out of range is room's own usage error; a term code of 26 digits is no term")
    func smallerSlips() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let room = try campus.run("room", "O159", "--at", "M 25:00")
        #expect(room.status == 2)
        #expect(room.error.contains("Usage: campus room"), "\(room.error)")
        let term = try campus.run("schedule", "quinna", "--term", "99999999999999999999999999")
        #expect(term.status == 2)
        #expect(term.error.contains("is not a term"))
    }

    @Test("a page the parser cannot read to its end exits 1 naming the line, and libxml2 stays quiet")
    func pageCutShort() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let page = try Data(contentsOf: CampusRunner.samples.appendingPathComponent("sample-courses.html"))
        let middle = page.count / 2
        var broken = Data("<meta charset=\"utf-8\">".utf8)
        broken.append(page.prefix(middle))
        broken.append(0xFF)
        broken.append(page.dropFirst(middle))
        let path = campus.home.appendingPathComponent("broken.html")
        try broken.write(to: path)
        let result = try campus.run("page", path.path)
        #expect(result.status == 1)
        #expect(result.error.contains("\(path.path) could not be read to its end") && result.error.contains("at line "), "\(result.error)")
        #expect(!result.error.contains("encoding error") && !result.error.contains("I/O error"))
    }
}
