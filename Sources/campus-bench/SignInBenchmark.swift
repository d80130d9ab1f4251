import ArgumentParser
import CampusCore
import CampusLookup
import Foundation
import SlapdHarness
import Synchronization

/// `campus-bench sign-in`: the server's own part of an OpenID Connect sign-in, in-process on
/// the demo campus: the return's state taken once from the user state, the code traded at a
/// provider on loopback that answers at once with a token signed beforehand (ES256), the ID
/// token verified by jwt-kit and every claim checked, the person's standing read, the session
/// written. Against it, in the same run, a password log-in through the same door whose
/// password check answers at once: what making a session costs without the sign-in service.
struct SignInBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-in",
        abstract: "Time the server's own part of an OpenID Connect sign-in against a password log-in; print a Markdown report.")

    @Option(help: "Sign-ins of each kind, one after another.")
    var count = 2_000

    @Option(help: "The package root (its fixtures and scrapers).")
    var root = "."

    func run() async throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory() + "campus-bench-sign-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let provider = try await LoopbackOpenIDProvider.start()
        defer { provider.stop() }
        let secret = folder.appendingPathComponent("oidc-secret")
        try Data((LoopbackOpenIDProvider.secret + "\n").utf8).write(to: secret)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secret.path)
        let flags = [
            "--role", "registrar=marchk", "--public-url", "https://campus.example.edu", "--oidc-issuer", provider.issuer,
            "--oidc-client-id", LoopbackOpenIDProvider.clientID, "--oidc-client-secret-file", secret.path,
        ]
        let campus = try CampusContext(
            indexOption: folder.appendingPathComponent("index.sqlite").path,
            paths: CampusPaths(environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path]),
            locator: ResourceLocator(environment: ["CAMPUS_HOME": URL(fileURLWithPath: root).standardized.path]), concurrentReads: true)
        let door = CampusService(operating: campus)
        _ = try await door.syncRegistrar(
            from: try campus.registrarLocation(source: nil), terms: .all, force: false, progress: nil, as: .operator(), now: Date())
        let ldif = URL(fileURLWithPath: root).appendingPathComponent("fixtures/directory.ldif").path
        _ = try await door.syncDirectory(try campus.directorySyncRequest(DirectorySyncOptions(ldif: ldif)), as: .operator(), now: Date())
        let service = try CampusService(
            campus: campus, configuration: try await campus.serverConfiguration(flags: flags, environment: [:]),
            login: AnsweringChecker(), clock: SystemClock())
        let people = ["brennam", "whitfid", "oyelarn", "paxtonr", "fenwicp"]

        // Warm both paths (the provider's discovery and keys, the index's pages) before timing.
        var signIns: [Double] = [], logIns: [Double] = []
        for round in 0..<(count + 50) {
            let username = people[round % people.count]
            let start = try await service.startSignIn(.openID, next: "/", keep: false, now: Date())
            let nonce = try requireValue(
                URLComponents(url: start.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "nonce" }?.value, "no nonce")
            // Signed before the timing starts: the provider's own cost is not the server's.
            var claims = provider.claims(nonce: nonce, now: Date())
            claims.preferred_username = username
            let token = try await provider.sign(claims)
            provider.tokenToGive.withLock { $0 = token }
            let signIn = try await Stopwatch.time {
                try await service.finishSignIn(
                    .openID, SignInReturn(state: start.binding, code: LoopbackOpenIDProvider.code), binding: start.binding, userAgent: nil, now: Date())
            }
            guard case .signedIn = signIn.value else { throw BenchmarkFailure("the sign-in of \(username) was not finished") }
            let logIn = try await Stopwatch.time {
                try await service.logIn(username: username, password: "x", address: "127.0.0.\(round % 200 + 1)", now: Date())
            }
            if round >= 50 {
                signIns.append(signIn.seconds)
                logIns.append(logIn.seconds)
            }
        }
        signIns.sort()
        logIns.sort()
        let mean = { (samples: [Double]) in samples.reduce(0, +) / Double(samples.count) }
        print("""
            The server's own part of a sign-in, in-process on the demo campus (user state in SQLite), \(count) of each one after another:

            | sign-in | median | p99 | per second (one at a time) |
            |---|---|---|---|
            | OpenID Connect: state taken, code traded on loopback, ES256 ID token checked, session written | \(Stopwatch.format(Stopwatch.quantile(signIns, 0.5))) | \(Stopwatch.format(Stopwatch.quantile(signIns, 0.99))) | \(Int(1 / mean(signIns))) |
            | password log-in, the password check answering at once (reference) | \(Stopwatch.format(Stopwatch.quantile(logIns, 0.5))) | \(Stopwatch.format(Stopwatch.quantile(logIns, 0.99))) | \(Int(1 / mean(logIns))) |

            OpenID Connect sign-in / password log-in, medians: \(String(format: "%.2f", Stopwatch.quantile(signIns, 0.5) / Stopwatch.quantile(logIns, 0.5)))x
            """)
    }

    /// A password check that takes every password, at once: the directory left out of the reference.
    struct AnsweringChecker: PasswordChecker {
        func check(_ name: String, password: String) async throws(CampusError) -> String { name.lowercased() }
        func probe() async throws(CampusError) {}
    }
}
