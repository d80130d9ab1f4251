import ArgumentParser
import Foundation
import RegistrarEmulator

/// `registrar-emulator --pages fixtures/demo-campus`: serves saved registrar pages
/// like reg-sched.pl until interrupted.
@main
struct RegistrarEmulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "registrar-emulator",
        abstract: "Serve saved pages like reg-sched.pl, or the demo campus as Banner 8 pages or Banner 9 answers, on 127.0.0.1.",
        discussion: """
            A folder holding getTerms.json (written by campus-fixtures banner9) is served as Banner 9's API \
            below /StudentRegistrationSsb/ssb/, one holding bwckschd.p_disp_dyn_sched.html (campus-fixtures \
            banner8) as Banner 8 Self-Service below /udcprod8/, each with its session rules. The password is read from --password-file or the REGISTRAR_EMULATOR_PASSWORD environment \
            variable, never from the command line. Stop with Ctrl-C (SIGINT) or SIGTERM.
            """)

    @Option(help: "The saved-pages directory (terms.html, {term}/{Type}-{id}.html) or Banner 9 answers (getTerms.json, {term}/{SUBJECT}.json).") var pages: String
    @Option(help: "Port on 127.0.0.1; 0 picks a free one.") var port = 0
    @Option(help: "Require HTTP Basic authentication as this user.") var user: String?
    @Option(help: "File holding the Basic password (else REGISTRAR_EMULATOR_PASSWORD).") var passwordFile: String?
    @Option(help: "Require this session cookie name; its value comes from --cookie-file.") var cookieName: String?
    @Option(help: "File holding the session cookie value.") var cookieFile: String?
    @Option(help: "Answer every request with this status: 500 or 401.") var fail: Int?
    @Option(help: "Answer 500 to the first N requests.") var failFirst: Int?
    @Option(help: "Answer 500 to requests whose target contains this text.") var failMatching: String?
    @Option(help: "Answer 500 to everything after N successful answers.") var failAfter: Int?
    @Option(help: "Delay every answer by this many milliseconds.") var slowMs = 0
    @Flag(help: "Rename the sections table's column headers (Banner 9: a section's courseReferenceNumber) so scrapers fail.") var changedLayout = false
    @Option(help: "Banner: a session expires after answering N requests; its searches are then refused.") var sessionRequests: Int?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535, got \(port)") }
        if let sessionRequests, sessionRequests < 1 { throw ValidationError("--session-requests must be at least 1, got \(sessionRequests)") }
        if let fail, ![401, 500].contains(fail) { throw ValidationError("--fail takes 500 or 401, got \(fail)") }
        guard slowMs >= 0 else { throw ValidationError("--slow-ms must not be negative") }
        let errorModes = [fail == 500, failFirst != nil, failMatching != nil].filter { $0 }.count
        guard errorModes <= 1 else { throw ValidationError("choose one of --fail 500, --fail-first and --fail-matching") }
        if user != nil, cookieName != nil { throw ValidationError("choose --user (Basic) or --cookie-name, not both") }
        if cookieName != nil, cookieFile == nil { throw ValidationError("--cookie-name needs --cookie-file with the value") }
    }

    func run() async throws {
        let behaviour = EmulatorBehaviour(
            alwaysUnauthorized: fail == 401,
            serverErrors: serverErrors,
            delayMilliseconds: slowMs, changedLayout: changedLayout, failAfterSuccesses: failAfter, sessionRequests: sessionRequests)
        try await RegistrarEmulator.serve(
            pagesDirectory: URL(fileURLWithPath: pages), authentication: try authentication(), behaviour: behaviour, port: port
        ) { url in
            let endpoint = RegistrarEmulator.entryPath(for: URL(fileURLWithPath: pages))
            let line = "registrar emulator serving \(pages) at \(url.absoluteString)\(endpoint)\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }

    /// `--fail 500`, else `--fail-first`, else `--fail-matching`.
    private var serverErrors: EmulatorBehaviour.ServerErrors {
        if fail == 500 { return .always }
        if let failFirst { return .firstRequests(failFirst) }
        if let failMatching { return .matching(failMatching) }
        return .never
    }

    private func authentication() throws -> EmulatorAuthentication {
        if let user {
            return .basic(username: user, password: try secret(file: passwordFile, environment: "REGISTRAR_EMULATOR_PASSWORD"))
        }
        if let cookieName {
            return .sessionCookie(name: cookieName, value: try secret(file: cookieFile, environment: nil))
        }
        return .none
    }

    /// The first line of `file`, else the environment variable; never echoed.
    private func secret(file: String?, environment: String?) throws -> String {
        if let file {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw ValidationError("cannot read the secret file \(file); check that it exists and is readable")
            }
            return String(text.split(whereSeparator: \.isNewline).first ?? "")
        }
        if let environment, let value = ProcessInfo.processInfo.environment[environment], !value.isEmpty { return value }
        throw ValidationError("--user needs a password: give --password-file FILE or set REGISTRAR_EMULATOR_PASSWORD")
    }
}
