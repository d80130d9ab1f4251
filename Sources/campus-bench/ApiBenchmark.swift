import ArgumentParser
import CampusCore
import DemoCampus
import Foundation
import SlapdHarness

/// `campus-bench api`: `campus serve` under `wrk` on loopback, over a generated campus and
/// directory, with a valid token; each endpoint against a hello-world route of the same
/// server (every middleware, no lookup) in the same run; resident memory after each run;
/// log-ins against slapd; then the web app's pages, under the same load and one request at a
/// time (their latency then is the server's render time and a loopback round trip).
struct ApiBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api",
        abstract: "Load campus serve with wrk: people, schedules, search, overlays and the web app's pages against a hello-world route; print a Markdown report.")

    @Option(help: "Students on the generated campus.")
    var students = 10_000

    @Option(help: "Sections per term.")
    var sections = 1_500

    @Option(help: "People in the campus directory (the campus's own, then generated ones), all in slapd.")
    var directory = 50_000

    @Option(help: "Seconds per endpoint.")
    var seconds = 30

    @Option(help: "Open connections.")
    var connections = 64

    @Option(help: "wrk threads.")
    var threads = 2

    @Option(help: "The campus executable (a release build).")
    var campus = ".build/release/campus"

    @Option(help: "wrk.")
    var wrk = "wrk"

    @Option(help: "Work folder (default: a new temporary folder, removed afterwards).")
    var work: String?

    func run() async throws {
        let folder = URL(fileURLWithPath: work ?? NSTemporaryDirectory() + "campus-bench-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { if work == nil { try? FileManager.default.removeItem(at: folder) } }
        var notes: [String] = []

        let setUp = try Stopwatch.time {
            try IndexedBenchmarkCampus.make(students: students, sections: sections, directory: directory, campus: campus, folder: folder)
        }
        let (model, slapd, term) = (setUp.value.model, setUp.value.slapd, setUp.value.term)
        defer { slapd.stop() }
        notes.append("Generated and indexed \(model.students.count) students, \(sections) sections (\(term)) and a directory of \(directory) people (also loaded into slapd) in \(Stopwatch.format(setUp.seconds)).")

        let registrar = try requireValue(model.faculty.first?.username, "no faculty")
        let server = try ServedCampus.start(campus: campus, folder: folder, slapd: slapd, registrar: registrar)
        defer { server.stop() }
        let token = try server.logIn(registrar)
        notes.append("`campus serve --benchmark-hello-route` (release), policy ferpa-strict, the token of `\(registrar)` holding the registrar role (so every schedule is a disclosure written to the access record).")

        let people = model.students.map(\.username)
        var generator = SplitMix(seed: 7)
        func pick(_ count: Int) -> [String] { (0..<count).map { _ in people[Int(generator.next() % UInt64(people.count))] } }
        let auth = ["Authorization": "Bearer \(token)"]
        // A student: their look-ups of others read the consents given to them (none here) before the index.
        let student = try requireValue(people.first, "no student")
        let studentAuth = ["Authorization": "Bearer \(try server.logIn(student))"]
        let queries = SearchQueries(campus: model, term: TermCode(term)!).make(count: 700).map {
            "/v1/search?q=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) + "&term=\(term)"
        }
        let overlays = (0..<500).map { _ in
            "{\"members\": [" + pick(4).map { "\"\($0)\"" }.joined(separator: ", ") + "], \"term\": \"\(term)\"}"
        }
        let scripts: [(String, String)] = [
            ("hello", WrkScript.gets(["/hello"], headers: auth)),
            ("people", WrkScript.gets(pick(1000).map { "/v1/people/\($0)" }, headers: auth)),
            ("schedule", WrkScript.gets(pick(1000).map { "/v1/people/\($0)/schedule?term=\(term)" }, headers: auth)),
            ("search", WrkScript.gets(queries, headers: auth)),
            ("overlay", WrkScript.posts("/v1/overlay", bodies: overlays, headers: auth)),
            ("hello again", WrkScript.gets(["/hello"], headers: auth)),
            ("people again", WrkScript.gets(pick(1000).map { "/v1/people/\($0)" }, headers: auth)),
            ("people, by a student", WrkScript.gets(pick(1000).map { "/v1/people/\($0)" }, headers: studentAuth)),
            ("schedule, by a student (403)", WrkScript.gets(pick(1000).map { "/v1/people/\($0)/schedule?term=\(term)" }, headers: studentAuth)),
        ]
        var runs: [WrkRun] = []
        for (name, lua) in scripts {
            let script = folder.appendingPathComponent("\(name.replacingOccurrences(of: " ", with: "-")).lua")
            try lua.write(to: script, atomically: true, encoding: .utf8)
            var run = try WrkRun.run(name, wrk: wrk, url: server.url, script: script, seconds: seconds,
                                     connections: connections, threads: threads, scratch: folder)
            run.residentMiB = server.residentMiB()
            runs.append(run)
        }
        let logins = (0..<1000).map { _ in pick(1)[0] }.map { "{\"username\": \"\($0)\", \"password\": \"demo-\($0)\"}" }
        let loginScript = folder.appendingPathComponent("login.lua")
        try WrkScript.posts("/v1/session", bodies: logins, headers: [:]).write(to: loginScript, atomically: true, encoding: .utf8)
        var login = try WrkRun.run("log-in", wrk: wrk, url: server.url, script: loginScript, seconds: min(seconds, 15),
                                   connections: 8, threads: threads, scratch: folder)
        login.residentMiB = server.residentMiB()

        let cookie = ["Cookie": "campus_session=\(token)"]
        let rooms = ["M", "T", "W", "R", "F"].flatMap { day in [8, 10, 13, 15].map { "/rooms/free?when=at&day=\(day)&time=\($0):00&for=50&term=\(term)" } }
        let pageScripts: [(String, String)] = [
            ("page: me", WrkScript.gets(["/?term=\(term)"], headers: cookie)),
            ("page: person", WrkScript.gets(pick(1000).map { "/people/\($0)" }, headers: cookie)),
            ("page: search", WrkScript.gets(queries.map { "/search" + $0.dropFirst("/v1/search".count) }, headers: cookie)),
            ("page: roster", WrkScript.gets(model.terms[0].sections.keys.sorted().prefix(500).map { "/sections/\($0.rawValue)/roster?term=\(term)" }, headers: cookie)),
            ("page: free rooms", WrkScript.gets(rooms, headers: cookie)),
            ("page: meet", WrkScript.gets((0..<500).map { _ in "/meet?members=" + pick(4).joined(separator: "+") + "&term=\(term)" }, headers: cookie)),
        ]
        var pages: [WrkRun] = []
        var renders: [WrkRun] = []
        for (name, lua) in pageScripts {
            let script = folder.appendingPathComponent("\(name.replacingOccurrences(of: ": ", with: "-").replacingOccurrences(of: " ", with: "-")).lua")
            try lua.write(to: script, atomically: true, encoding: .utf8)
            var run = try WrkRun.run(name, wrk: wrk, url: server.url, script: script, seconds: seconds,
                                     connections: connections, threads: threads, scratch: folder)
            run.residentMiB = server.residentMiB()
            pages.append(run)
            // One at a time means nothing else running: not the requests the load left queued.
            server.settle()
            renders.append(try WrkRun.run(name, wrk: wrk, url: server.url, script: script, seconds: min(seconds, 15),
                                          connections: 1, threads: 1, scratch: folder))
        }
        print(ApiBenchmarkReport(notes: notes, runs: runs, login: login, pages: pages, renders: renders, seconds: seconds,
                                 connections: connections).markdown)
    }
}
