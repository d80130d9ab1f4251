import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SlapdHarness
import Testing

/// `campus login` and `campus logout` against a live `campus serve` whose log-ins a real slapd
/// checks: by the browser's approval (RFC 8628) and by a password on standard input; the
/// session kept readable by its owner only, never the password; logging out ends it there.
@Suite("campus login to a campus server", .serialized)
struct LoginEndToEndTests {
    /// A campus server over the demo directory, and a person's computer (another home) that logs in to it.
    final class Setting {
        let slapd: SlapdServer
        let campus: CampusRunner
        let server: ServeEndToEndTests.Serving
        let computer: CampusRunner

        init() throws {
            slapd = try SlapdServer.start(ldifFiles: [CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif").path])
            campus = try CampusRunner()
            let folder = campus.home.appendingPathComponent("config/campus")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("config.yaml")
            let settings = AlertsEndToEndTests.AlertCampus.directory(slapd) + "\nserver:\n  roles:\n    registrar: [marchk]\n"
            try Data(settings.utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            let sync = try campus.run("sync", "directory", "--ldif", CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif").path)
            #expect(sync.status == 0, "\(sync.error)")
            let registrar = try campus.run("sync", "registrar", "--term", "202630")
            #expect(registrar.status == 0, "\(registrar.error)")
            server = try ServeEndToEndTests.Serving(campus, [])
            // A person's computer: no index of its own.
            var computer = try CampusRunner()
            computer.environment["CAMPUS_INDEX"] = nil
            self.computer = computer
        }

        var loginFile: URL { computer.home.appendingPathComponent("config/campus/login.json") }

        func stop() {
            _ = server.terminate()
            slapd.stop()
            campus.cleanUp()
            computer.cleanUp()
        }
    }

    /// `campus arguments` on the person's computer with `input` on standard input.
    func run(_ setting: Setting, _ arguments: [String], input: String) throws -> CampusRunner.Result {
        let process = Process()
        process.executableURL = CampusRunner.executable
        process.arguments = arguments
        process.environment = setting.computer.environment
        let (stdin, output, error) = (Pipe(), Pipe(), Pipe())
        (process.standardInput, process.standardOutput, process.standardError) = (stdin, output, error)
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CampusRunner.Result(status: process.terminationStatus, outputData: outputData, error: String(decoding: errorData, as: UTF8.self))
    }

    /// The saved session's token, read as the commands read it.
    private func savedToken(_ setting: Setting) throws -> String {
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: setting.loginFile)) as? [String: Any])
        return try #require(saved["token"] as? String)
    }

    @Test("by password on standard input: the session kept 0600 without the password; a wrong one keeps nothing; logout ends it on the server")
    func passwordLogInKeptPrivatelyAndEndedByLogout() async throws {
        let setting = try Setting()
        defer { setting.stop() }
        let wrong = try run(setting, ["login", setting.server.address, "--username", "brennam", "--password-stdin"], input: "not-it\n")
        #expect(wrong.status == 1 && wrong.error.contains("the username or password is not right"), "\(wrong.error)")
        #expect(!FileManager.default.fileExists(atPath: setting.loginFile.path))

        let login = try run(setting, ["login", setting.server.address, "--username", "brennam", "--password-stdin"], input: "demo-brennam\n")
        #expect(login.status == 0 && login.output == "Logged in to \(setting.server.address) as brennam.\n", "\(login.output)\(login.error)")
        let attributes = try FileManager.default.attributesOfItem(atPath: setting.loginFile.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: setting.loginFile.deletingLastPathComponent().path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect(!(try String(contentsOf: setting.loginFile, encoding: .utf8)).contains("demo-brennam"), "the password is never kept")
        let token = try savedToken(setting)
        #expect(try await TestHTTPClient.send(setting.server.address + "/v1/session", token: token).status == 200)

        let logout = try run(setting, ["logout"], input: "")
        #expect(logout.status == 0 && logout.output.contains("Logged out of \(setting.server.address)"), "\(logout.output)\(logout.error)")
        #expect(!FileManager.default.fileExists(atPath: setting.loginFile.path))
        #expect(try await TestHTTPClient.send(setting.server.address + "/v1/session", token: token).status == 401, "ended on the server")
        #expect(try run(setting, ["logout"], input: "").output == "Not logged in to any campus server.\n")
    }

    @Test("by the browser: the code printed, approved on the web by its person, and the command is logged in as them")
    func deviceLogInApprovedInTheBrowser() async throws {
        let setting = try Setting()
        defer { setting.stop() }
        let process = Process()
        process.executableURL = CampusRunner.executable
        process.arguments = ["login", setting.server.address, "--no-browser"]
        process.environment = setting.computer.environment
        let (output, error) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (output, error)
        let said = Said()
        error.fileHandleForReading.readabilityHandler = { handle in said.append(handle.availableData) }
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        try await eventually("the command printed its code") { said.text.contains("Waiting for your approval") }
        let code = try #require(said.text.firstMatch(of: /type ([A-Z]{4}-[A-Z]{4})/)?.1)
        #expect(said.text.contains("To log in, open \(setting.server.address)/device?code=\(code)"), "\(said.text)")

        // The person logs in on the web, opens the page, and approves.
        let (_, body) = try await TestHTTPClient.send(setting.server.address + "/v1/session", method: "POST",
                                                      json: ["username": "brennam", "password": "demo-brennam"])
        let session = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["token"] as? String)
        var page = URLRequest(url: try #require(URL(string: "\(setting.server.address)/device?code=\(code)")))
        page.setValue("campus_session=\(session)", forHTTPHeaderField: "Cookie")
        let (html, _) = try await TestHTTPClient.session().data(for: page)
        let text = String(decoding: html, as: UTF8.self)
        #expect(text.contains("wants to look things up as you"), "\(text.prefix(800))")
        let csrf = try #require(text.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
        var approve = URLRequest(url: try #require(URL(string: "\(setting.server.address)/device")))
        approve.httpMethod = "POST"
        approve.setValue("campus_session=\(session)", forHTTPHeaderField: "Cookie")
        approve.setValue(setting.server.address, forHTTPHeaderField: "Origin")
        approve.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        approve.httpBody = Data("csrf=\(csrf)&code=\(code)&answer=approve".utf8)
        let (_, approved) = try await TestHTTPClient.session().data(for: approve)
        #expect((approved as? HTTPURLResponse)?.statusCode == 200)

        try await eventually("the command finished") { !process.isRunning }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0 && printed == "Logged in to \(setting.server.address) as brennam.\n", "\(printed)\(said.text)")
        let token = try savedToken(setting)
        let devices = try await TestHTTPClient.send(setting.server.address + "/v1/me/sessions", token: session)
        #expect(String(decoding: devices.data, as: UTF8.self).contains("\"device\":\"campus on "), "listed under My devices")
        #expect(try await TestHTTPClient.send(setting.server.address + "/v1/session", token: token).status == 200)
        #expect(try run(setting, ["logout"], input: "").status == 0)
        #expect(try await TestHTTPClient.send(setting.server.address + "/v1/session", token: token).status == 401)
    }

    /// What a running command wrote on standard error so far.
    private final class Said: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        func append(_ more: Data) { lock.withLock { data.append(more) } }
        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    }
}
