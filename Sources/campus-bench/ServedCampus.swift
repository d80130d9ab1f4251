import Foundation
import SlapdHarness

/// `campus serve` started for the API benchmark: its configuration (the directory of the
/// benchmark's slapd, a registrar, no refreshes) in its own folder, its port read from its
/// standard error, its resident memory read from `/proc`.
final class ServedCampus {
    let process: Process
    let url: String

    /// Starts `campus serve` over `folder`'s index; `settings` are more top-level keys of its
    /// configuration (`state:` naming a PostgreSQL database), `trustedProxies` the proxies in front
    /// of it; it logs to `name` in `folder`
    /// (replicas over one folder each log to their own).
    static func start(
        campus: String, folder: URL, slapd: SlapdServer, registrar: String, settings: String = "", trustedProxies: [String] = [],
        log name: String = "serve.log"
    ) throws -> ServedCampus {
        let config = folder.appendingPathComponent("config/campus")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = config.appendingPathComponent("config.yaml")
        try """
            index: \(folder.appendingPathComponent("index.sqlite").path)
            directory:
              url: \(slapd.url)
              base: \(slapd.baseDN)
              bind-dn: \(slapd.adminDN)
              password-file: \(slapd.adminPasswordFile)
            server:
              port: 0
              roles:
                registrar: [\(registrar)]
              registrar-refresh-minutes: 0
              directory-refresh-minutes: 0
              directory-full-at: "off"
              \(trustedProxies.isEmpty ? "" : "trusted-proxies: [\(trustedProxies.joined(separator: ", "))]")
            \(settings)
            """.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let log = folder.appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw BenchmarkFailure("cannot write \(log.path)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: campus)
        process.arguments = ["serve", "--benchmark-hello-route"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        environment["CAMPUS_LOG_LEVEL"] = "warning"
        environment.removeValue(forKey: "CAMPUS_INDEX")
        process.environment = environment
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while true {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("campus serve: listening on ") }) {
                let url = String(line.split(separator: " ")[4])
                return ServedCampus(process: process, url: url)
            }
            guard process.isRunning, Date() < deadline else {
                process.terminate()
                throw BenchmarkFailure("campus serve did not start: \(text)")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    private init(process: Process, url: String) {
        self.process = process
        self.url = url
    }

    /// Logs `username` in with the demo password; the token.
    func logIn(_ username: String) throws -> String {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-sS", "-X", "POST", "-H", "Content-Type: application/json",
                          "-d", "{\"username\": \"\(username)\", \"password\": \"demo-\(username)\"}", url + "/v1/session"]
        let output = Pipe()
        curl.standardOutput = output
        try curl.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        guard let token = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["token"] as? String else {
            throw BenchmarkFailure("log-in of \(username) failed: \(String(decoding: data, as: UTF8.self))")
        }
        return token
    }

    /// `/readyz`, as JSON; empty when it does not answer.
    func readiness() -> [String: Any] {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-sS", "--max-time", "5", url + "/readyz"]
        let output = Pipe()
        curl.standardOutput = output
        curl.standardError = FileHandle.nullDevice
        guard (try? curl.run()) != nil else { return [:] }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// Resident memory (VmRSS) in MiB.
    func residentMiB() -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let kilobytes = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
            .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Double($0) } ?? 0
        return kilobytes / 1024
    }

    /// Waits until the server has finished what a load left it (requests read before wrk closed
    /// its connections): until its CPU time (counted in 10 ms clock ticks) stays put for 100 ms,
    /// at most 10 s.
    func settle() {
        var last = cpuTicks()
        for _ in 0..<100 {
            Thread.sleep(forTimeInterval: 0.1)
            let now = cpuTicks()
            defer { last = now }
            if now == last { return }
        }
    }

    /// The server's user and system time so far, in clock ticks (`/proc/PID/stat`, fields 14 and 15).
    private func cpuTicks() -> Int {
        let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
        // The command name (field 2) may hold spaces: count from the parenthesis that closes it.
        let fields = stat.split(separator: ")").last.map { $0.split(separator: " ") } ?? []
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return 0 }
        return user + system
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
