import Foundation
import Logging
import Registrar
import RegistrarEmulator

/// Runs tests against the registrar emulator serving the demo campus on loopback,
/// and makes sure the emulator and the HTTP client are shut down afterwards.
enum EmulatorHarness {
    /// The password and cookie the emulator accepts in these tests.
    static let password = "correct-horse-battery"
    static let cookie = (name: "campus_session", value: "5e55i0n-7ok3n")

    /// Options that fail fast: short back-off, short time-outs.
    static func quickOptions(retries: Int = 3) -> FetchOptions {
        var options = FetchOptions()
        options.retries = retries
        options.backoff = .milliseconds(10)
        options.requestTimeout = .seconds(10)
        options.contact = "registrar-tests@example.edu"
        return options
    }

    /// Starts an emulator serving the demo campus, runs `body`, stops the emulator.
    static func withEmulator<Value>(
        authentication: EmulatorAuthentication = .none, behaviour: EmulatorBehaviour = .normal,
        _ body: (RegistrarEmulator) async throws -> Value
    ) async throws -> Value {
        let emulator = try await RegistrarEmulator.start(
            pagesDirectory: URL(fileURLWithPath: CrawlFixtures.demoCampus), authentication: authentication,
            behaviour: behaviour)
        return try await running { try await body(emulator) } then: { await emulator.stop() }
    }

    /// Creates an HTTP source for `baseURL`, runs `body`, shuts the source down.
    static func withSource<Value>(
        _ baseURL: URL, credential: RegistrarCredential? = nil, options: FetchOptions = quickOptions(),
        environment: [String: String] = [:], _ body: (HTTPPageSource) async throws -> Value
    ) async throws -> Value {
        let source = try HTTPPageSource(
            baseURL: baseURL, definition: try CrawlFixtures.definition(), credential: credential, options: options,
            environment: environment, logger: Logger(label: "registrar-tests"))
        return try await running { try await body(source) } then: { await source.shutdown() }
    }

    /// Runs `body`, then `cleanup` whether or not `body` threw.
    private static func running<Value>(
        _ body: () async throws -> Value, then cleanup: () async -> Void
    ) async throws -> Value {
        let outcome: Result<Value, any Error>
        do {
            outcome = .success(try await body())
        } catch {
            outcome = .failure(error)
        }
        await cleanup()
        return try outcome.get()
    }
}

/// A secret in a temporary file, as a person keeps a password next to their configuration.
struct SecretFile {
    let path: String

    init(_ secret: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("campus-secret-\(UUID().uuidString)").path
        try Data("\(secret)\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }

    func delete() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
