import ArgumentParser
import CampusCore
import Foundation

/// `campus-bench costs`: the most a logged-in person's one request can cost the server, each
/// against `GET /v1/me` in the same run: `campus serve` over a generated campus, a person
/// holding the registrar role (who sees every schedule, so that nothing looked up is cut short)
/// with as many favorites as the limits let them keep, each request sent one at a time by wrk.
struct CostBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "costs",
        abstract: "Time the dearest requests one logged-in person can make against GET /v1/me; print a Markdown report.")

    @Option(help: "Students on the generated campus.")
    var students = 4_000

    @Option(help: "Sections per term.")
    var sections = 800

    @Option(help: "People in the campus directory.")
    var directory = 8_000

    @Option(help: "Seconds per request kind.")
    var seconds = 5

    @Option(help: "The campus executable (a release build).")
    var campus = ".build/release/campus"

    @Option(help: "wrk.")
    var wrk = "wrk"

    func run() async throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory() + "campus-bench-costs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try IndexedBenchmarkCampus.make(students: students, sections: sections, directory: directory, campus: campus, folder: folder)
        defer { made.slapd.stop() }
        let registrar = try requireValue(made.model.faculty.first?.username, "no faculty")
        let server = try ServedCampus.start(campus: campus, folder: folder, slapd: made.slapd, registrar: registrar)
        defer { server.stop() }
        let token = try server.logIn(registrar)
        let auth = ["Authorization": "Bearer \(token)"]

        // As many favorites as one person may keep (20 groups of 200), students who all take classes.
        let taking = made.model.students.map(\.username).filter { $0 != registrar }
        for group in 0..<Self.groups {
            let members = (0..<Self.perGroup).map { taking[(group * 37 + $0) % taking.count] }
            try put(members.map { "\(server.url)/v1/me/favorites/\($0)?group=g\(group)" }, token: token)
        }
        let term = made.term
        let everyGroup = (0..<Self.groups).map { "\"g\($0)\"" }.joined(separator: ", ")
        let requests: [(String, String)] = [
            ("GET /v1/me", WrkScript.gets(["/v1/me"], headers: auth)),
            ("GET /v1/me/favorites?limit=1", WrkScript.gets(["/v1/me/favorites?limit=1"], headers: auth)),
            ("GET /v1/me/favorites (a page of 50)", WrkScript.gets(["/v1/me/favorites"], headers: auth)),
            ("GET /v1/me/favorites?limit=500", WrkScript.gets(["/v1/me/favorites?limit=500"], headers: auth)),
            ("GET / (the week, 20 favorites)", WrkScript.gets(["/?term=\(term)"], headers: ["Cookie": "campus_session=\(token)"])),
            ("POST /v1/overlay, a group of 200", WrkScript.posts("/v1/overlay", bodies: ["{\"groups\": [\"g0\"], \"term\": \"\(term)\"}"], headers: auth)),
            ("POST /v1/overlay, every group", WrkScript.posts("/v1/overlay", bodies: ["{\"groups\": [\(everyGroup)], \"term\": \"\(term)\"}"], headers: auth)),
            ("POST /v1/meet, a group of 200", WrkScript.posts("/v1/meet", bodies: ["{\"groups\": [\"g0\"], \"term\": \"\(term)\"}"], headers: auth)),
            ("GET /v1/search?q=a&limit=500", WrkScript.gets(["/v1/search?q=a&limit=500&term=\(term)"], headers: auth)),
            ("GET /v1/me/sharing", WrkScript.gets(["/v1/me/sharing"], headers: auth)),
            ("GET /v1/people/{student}/history", WrkScript.gets(taking.prefix(200).map { "/v1/people/\($0)/history" }, headers: auth)),
        ]
        var runs: [(name: String, run: WrkRun)] = []
        for (index, (name, lua)) in requests.enumerated() {
            let script = folder.appendingPathComponent("cost-\(index).lua")
            try lua.write(to: script, atomically: true, encoding: .utf8)
            server.settle()
            runs.append((name, try WrkRun.run("cost-\(index)", wrk: wrk, url: server.url, script: script, seconds: seconds,
                                              connections: 1, threads: 1, scratch: folder)))
        }
        print(CostBenchmarkReport(runs: runs, seconds: seconds, favorites: Self.groups * Self.perGroup,
                                  campus: "\(made.model.students.count) students, \(sections) sections (\(term)), a directory of \(directory)").markdown)
    }

    static let groups = 20
    static let perGroup = 200

    /// PUTs `urls` with the bearer `token`, in one curl.
    private func put(_ urls: [String], token: String) throws {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-sS", "--fail", "-X", "PUT", "-H", "Authorization: Bearer \(token)"] + urls
        curl.standardOutput = FileHandle.nullDevice
        try curl.run()
        curl.waitUntilExit()
        guard curl.terminationStatus == 0 else { throw BenchmarkFailure("curl could not keep the favorites") }
    }
}

/// The costs benchmark's Markdown: each request's rate one at a time, and how many `GET /v1/me`
/// it costs (the inverse of its rate against /v1/me's), dearest first.
struct CostBenchmarkReport {
    let runs: [(name: String, run: WrkRun)]
    let seconds: Int
    let favorites: Int
    let campus: String

    var markdown: String {
        let reference = runs.first { $0.name == "GET /v1/me" }?.run.requestsPerSecond ?? 1
        var lines = [
            "- \(campus); the caller holds the registrar role and keeps \(favorites) favorites (20 groups of 200, the most the limits allow).",
            "- wrk, 1 connection, \(seconds) s each; cost = /v1/me's rate / the request's rate.",
            "",
            "| request | req/s | p50 | p99 | errors | cost in /v1/me |",
            "|---|---|---|---|---|---|",
        ]
        for (name, run) in runs.sorted(by: { $0.run.requestsPerSecond < $1.run.requestsPerSecond }) {
            lines.append("| \(name) | \(String(format: "%.0f", run.requestsPerSecond)) | \(run.p50) | \(run.p99) | \(run.errors) | \(String(format: "%.1f", reference / run.requestsPerSecond)) |")
        }
        return lines.joined(separator: "\n")
    }
}
