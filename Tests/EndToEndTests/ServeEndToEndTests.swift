import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SlapdHarness
import Testing

/// `campus serve` as the built binary: configured by its file and flags, logging one
/// line per request without secrets, over HTTPS, refusing clear text to the network,
/// and stopping gracefully on SIGTERM.
@Suite("campus serve, the process", .serialized)
struct ServeEndToEndTests {
    /// A running `campus serve` and what it has written to standard error so far.
    final class Serving: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var written = Data()
        private(set) var address = ""

        var log: String { lock.withLock { String(decoding: written, as: UTF8.self) } }

        /// `campus serve --port 0 arguments` for `campus`; as replica `replica` of `network`
        /// (in its namespace, when it has them) when one is given.
        init(_ campus: CampusRunner, _ arguments: [String], in network: TestNetwork? = nil, replica: Int = 0) throws {
            let serve = ["serve", "--port", "0"] + arguments
            let command = network?.command(CampusRunner.executable.path, serve, replica: replica) ?? (CampusRunner.executable.path, serve)
            process.executableURL = URL(fileURLWithPath: command.executable)
            process.arguments = command.arguments
            process.environment = campus.environment
            let error = Pipe()
            process.standardError = error
            process.standardOutput = FileHandle.nullDevice
            error.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                self?.lock.withLock { self?.written.append(data) }
            }
            try process.run()
            while process.isRunning, !log.contains("campus serve: listening on ") { Thread.sleep(forTimeInterval: 0.05) }
            let line = log.split(separator: "\n").first { $0.contains("campus serve: listening on ") } ?? ""
            address = line.split(separator: " ").first { $0.hasPrefix("http") }.map(String.init) ?? ""
        }

        /// SIGTERM, then the exit status (SIGKILL and a failure after a minute).
        func terminate() -> Int32 {
            guard process.isRunning else { return process.terminationStatus }
            process.terminate()
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                Issue.record("campus serve did not stop within a minute of SIGTERM")
            }
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    private func demoCampus(_ slapd: SlapdServer) throws -> CampusRunner {
        let campus = try CampusRunner()
        #expect(try campus.run("sync", "registrar", "--term", "202630").status == 0)
        let ldif = CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif").path
        #expect(try campus.run("sync", "directory", "--ldif", ldif).status == 0)
        let folder = campus.home.appendingPathComponent("config/campus")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("config.yaml")
        try """
            directory:
              url: \(slapd.url)
              base: ou=People,\(slapd.baseDN)
              bind-dn: \(slapd.adminDN)
              password-file: \(slapd.adminPasswordFile)
            server:
              roles:
                registrar: [marchk]
            """.write(to: config, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: config.path)
        return campus
    }

    private func send(_ url: String, method: String = "GET", token: String? = nil, json: [String: Any]? = nil) async throws -> (Int, Data) {
        try await TestHTTPClient.send(url, method: method, token: token, json: json)
    }

    @Test("serves the demo: log-in against slapd, a lookup, a feed; the log names routes, never a token or password; SIGTERM ends it cleanly")
    func serves() async throws {
        let slapd = try SlapdServer.start(ldifFiles: [CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif").path])
        defer { slapd.stop() }
        let campus = try demoCampus(slapd)
        defer { campus.cleanUp() }
        let server = try Serving(campus, [])
        #expect(server.address.hasPrefix("http://127.0.0.1:"), "\(server.log)")
        #expect(server.log.contains("policy ferpa-strict"))

        let (_, login) = try await send(server.address + "/v1/session", method: "POST", json: ["username": "whitfid", "password": "demo-whitfid"])
        let token = try #require((try JSONSerialization.jsonObject(with: login) as? [String: Any])?["token"] as? String)
        let (status, _) = try await send(server.address + "/v1/people/brennam/schedule?term=202630", token: token)
        #expect(status == 200)
        let (_, instructorLogin) = try await send(server.address + "/v1/session", method: "POST", json: ["username": "kincaib", "password": "demo-kincaib"])
        let instructor = try #require((try JSONSerialization.jsonObject(with: instructorLogin) as? [String: Any])?["token"] as? String)
        #expect(try await send(server.address + "/v1/sections/CHEM111-02/roster?term=202630", token: instructor).0 == 200)
        let (_, shared) = try await send(server.address + "/v1/me/shares", method: "POST", token: token, json: ["content": "schedule"])
        let url = try #require((try JSONSerialization.jsonObject(with: shared) as? [String: Any])?["url"] as? String)
        #expect(try await send(url).0 == 200)
        #expect(try await send(server.address + "/v1/session", method: "POST", json: ["username": "whitfid", "password": "wrong-secret"]).0 == 401)

        #expect(server.terminate() == 0)
        let log = server.log
        #expect(log.contains("route=/v1/people/{username}/schedule") && log.contains("route=/v1/feeds/{token}.ics"), "\(log)")
        #expect(log.contains("status=401"))
        let feedToken = String(url.split(separator: "/").last!.dropLast(4))
        for secret in [token, feedToken, "demo-whitfid", "wrong-secret", "brennam"] {
            #expect(!log.contains(secret), "the log shows \(secret)")
        }
        let audit = try campus.run("audit", "--subject", "brennam", "--json")
        let entries = (try audit.json() as? [String: Any])?["disclosures"] as? [[String: Any]] ?? []
        #expect(entries.contains { $0["viewer"] as? String == "whitfid" && $0["rule"] as? String == "ferpa-strict: schedule (advisor)" },
                "\(audit.output)")
        #expect(!entries.contains { $0["record"] as? String == "roster" }, "--subject names the record's own subject only")
        let student = try campus.run("audit", "--student", "brennam", "--json")
        let theirs = (try student.json() as? [String: Any])?["disclosures"] as? [[String: Any]] ?? []
        #expect(theirs.map { $0["record"] as? String } == ["roster", "schedule"], "the roster of brennam's section too: \(student.output)")
        #expect(theirs.first?["subject"] as? String == "CHEM111-02" && theirs.first?["viewer"] as? String == "kincaib")
    }

    @Test("HTTPS with a certificate and key; plain HTTP to the network refused unless behind a proxy")
    func transport() async throws {
        let slapd = try SlapdServer.start(ldifFiles: [])
        defer { slapd.stop() }
        let campus = try demoCampus(slapd)
        defer { campus.cleanUp() }
        let tls = URL(fileURLWithPath: slapd.directory).appendingPathComponent("tls")
        let server = try Serving(campus, ["--tls-cert", tls.appendingPathComponent("server.pem").path,
                                          "--tls-key", tls.appendingPathComponent("server.key").path, "--host", "127.0.0.1"])
        #expect(server.address.hasPrefix("https://127.0.0.1:"), "\(server.log)")
        let port = server.address.split(separator: ":").last.map(String.init) ?? ""
        let curl = try campus.run(arguments: ["-sS", "-i", "--cacert", tls.appendingPathComponent("ca.pem").path,
                                              "https://localhost:\(port)/healthz"], executable: URL(fileURLWithPath: "/usr/bin/curl"))
        #expect(curl.output.contains("200") && curl.output.contains("Strict-Transport-Security: max-age=31536000"), "\(curl.output)\(curl.error)")
        #expect(server.terminate() == 0)

        let clear = try campus.run("serve", "--host", "0.0.0.0", "--port", "0")
        #expect(clear.status == 1)
        #expect(clear.error.contains("behind-proxy") && clear.error.contains("HTTPS"), "\(clear.error)")
        let wideOpen = try campus.run("serve", "--tls-cert", tls.appendingPathComponent("server.pem").path,
                                      "--tls-key", tls.appendingPathComponent("ca.pem").path)
        #expect(wideOpen.status == 1 && wideOpen.error.contains("chmod 600"), "a key others may read is refused: \(wideOpen.error)")
        let typo = try campus.run("serve", "--policy", "ferpa-strikt")
        #expect(typo.status == 1 && typo.error.contains("policies/ferpa-strikt.yaml"), "\(typo.error)")
        let misspelt = try campus.run("serve", "--sesion-hours", "4")
        #expect(misspelt.status == 1 && misspelt.error.contains("Did you mean --session-hours?"), "\(misspelt.error)")
    }
}
