import ArgumentParser
import CampusCore
import CampusLookup
import Foundation
import SlapdHarness
import Synchronization

/// `campus-bench sign-in`: the server's own part of an OpenID Connect and a SAML sign-in,
/// in-process on the demo campus. OpenID Connect: the return's state taken once from the user
/// state, the code traded at a provider on loopback that answers at once with a token signed
/// beforehand (ES256), the ID token verified by jwt-kit and every claim checked. SAML: the
/// posted response (signed beforehand by `xmlsec1` with RSA-2048 and SHA-256; and encrypted to
/// the server, AES-128 and RSA-OAEP) read, its signature checked by xmlsec1, the signed part
/// read again, every check made, the assertion recorded as used. Both: the person's standing
/// read, the session written. Against them, in the same run, a password log-in through the same
/// door whose password check answers at once: what making a session costs without the sign-in service.
struct SignInBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-in",
        abstract: "Time the server's own part of an OpenID Connect and a SAML sign-in against a password log-in; print a Markdown report.")

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
        let idp = try SAMLTestIdentityProvider()
        defer { idp.close() }
        let metadata = folder.appendingPathComponent("idp-metadata.xml")
        try Data(idp.metadata(singleSignOn: "https://idp.example.edu/sso").utf8).write(to: metadata)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: idp.path("sp", "key"))
        let flags = [
            "--role", "registrar=marchk", "--public-url", "https://campus.example.edu", "--oidc-issuer", provider.issuer,
            "--oidc-client-id", LoopbackOpenIDProvider.clientID, "--oidc-client-secret-file", secret.path,
            "--saml-idp-metadata", metadata.path, "--saml-sp-key-file", idp.path("sp", "key"), "--saml-sp-certificate-file", idp.path("sp", "crt"),
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
        var signIns: [Double] = [], samlSignIns: [Double] = [], encryptedSignIns: [Double] = [], logIns: [Double] = []
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
            let saml = try await timedSAMLSignIn(service, idp, username: username, round: round, encrypted: false)
            let encrypted = try await timedSAMLSignIn(service, idp, username: username, round: round, encrypted: true)
            let logIn = try await Stopwatch.time {
                try await service.logIn(username: username, password: "x", address: "127.0.0.\(round % 200 + 1)", now: Date())
            }
            if round >= 50 {
                signIns.append(signIn.seconds)
                samlSignIns.append(saml)
                encryptedSignIns.append(encrypted)
                logIns.append(logIn.seconds)
            }
        }
        signIns.sort()
        samlSignIns.sort()
        encryptedSignIns.sort()
        logIns.sort()
        let mean = { (samples: [Double]) in samples.reduce(0, +) / Double(samples.count) }
        print("""
            The server's own part of a sign-in, in-process on the demo campus (user state in SQLite), \(count) of each one after another:

            | sign-in | median | p99 | per second (one at a time) |
            |---|---|---|---|
            | OpenID Connect: state taken, code traded on loopback, ES256 ID token checked, session written | \(Stopwatch.format(Stopwatch.quantile(signIns, 0.5))) | \(Stopwatch.format(Stopwatch.quantile(signIns, 0.99))) | \(Int(1 / mean(signIns))) |
            | SAML: state taken, RSA-SHA256 assertion checked by xmlsec1, read again, used once, session written | \(Stopwatch.format(Stopwatch.quantile(samlSignIns, 0.5))) | \(Stopwatch.format(Stopwatch.quantile(samlSignIns, 0.99))) | \(Int(1 / mean(samlSignIns))) |
            | SAML, the assertion encrypted (AES-128-CBC, RSA-OAEP) | \(Stopwatch.format(Stopwatch.quantile(encryptedSignIns, 0.5))) | \(Stopwatch.format(Stopwatch.quantile(encryptedSignIns, 0.99))) | \(Int(1 / mean(encryptedSignIns))) |
            | password log-in, the password check answering at once (reference) | \(Stopwatch.format(Stopwatch.quantile(logIns, 0.5))) | \(Stopwatch.format(Stopwatch.quantile(logIns, 0.99))) | \(Int(1 / mean(logIns))) |

            Medians against the password log-in: OpenID Connect \(String(format: "%.2f", Stopwatch.quantile(signIns, 0.5) / Stopwatch.quantile(logIns, 0.5)))x, \
            SAML \(String(format: "%.2f", Stopwatch.quantile(samlSignIns, 0.5) / Stopwatch.quantile(logIns, 0.5)))x, \
            SAML encrypted \(String(format: "%.2f", Stopwatch.quantile(encryptedSignIns, 0.5) / Stopwatch.quantile(logIns, 0.5)))x
            """)
    }

    /// One SAML sign-in of `username`, its response written and signed (and encrypted) by `idp`
    /// before the timing starts; the seconds the server's part took.
    private func timedSAMLSignIn(
        _ service: CampusService, _ idp: SAMLTestIdentityProvider, username: String, round: Int, encrypted: Bool
    ) async throws -> Double {
        let start = try await service.startSignIn(.saml, next: "/", keep: false, now: Date())
        let requestID = try SAMLTestIdentityProvider.authnRequest(in: start.url.absoluteString).id
        var assertion = SAMLTestIdentityProvider.Assertion(
            issuer: idp.entityID, audience: "https://campus.example.edu/saml/metadata", recipient: "https://campus.example.edu/saml/acs",
            inResponseTo: requestID, attributes: ["uid": [username]], now: Date())
        assertion.id = "_bench-\(round)-\(encrypted)"
        let signed = try idp.sign(assertion.xml(signed: true), element: assertion.id)
            .replacingOccurrences(of: #"<\?xml[^>]*\?>\s*"#, with: "", options: .regularExpression)
        var response = idp.response(signed, inResponseTo: requestID, destination: "https://campus.example.edu/saml/acs", now: Date())
        if encrypted { response = try idp.encryptAssertion(in: response) }
        let posted = Data(response.utf8).base64EncodedString()
        let signIn = try await Stopwatch.time {
            try await service.finishSignIn(
                .saml, SignInReturn(state: start.binding, samlResponse: posted), binding: start.binding, userAgent: nil, now: Date())
        }
        guard case .signedIn = signIn.value else { throw BenchmarkFailure("the SAML sign-in of \(username) was not finished") }
        return signIn.seconds
    }

    /// A password check that takes every password, at once: the directory left out of the reference.
    struct AnsweringChecker: PasswordChecker {
        func check(_ name: String, password: String) async throws(CampusError) -> String { name.lowercased() }
        func probe() async throws(CampusError) {}
    }
}
