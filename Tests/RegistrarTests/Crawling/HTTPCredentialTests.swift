import Foundation
import Registrar
import RegistrarEmulator
import Testing

@Suite("Signing in to the registrar over HTTP")
struct HTTPCredentialTests {
    let basic = EmulatorAuthentication.basic(username: "alice", password: EmulatorHarness.password)

    @Test("HTTP Basic with the password from a file is accepted")
    func basicFromFile() async throws {
        let secret = try SecretFile(EmulatorHarness.password)
        defer { secret.delete() }
        let page = try await EmulatorHarness.withEmulator(authentication: basic) { emulator in
            try await EmulatorHarness.withSource(
                emulator.baseURL, credential: .basic(username: "alice", password: .file(path: secret.path))
            ) { source in try await source.fetch(.termList) }
        }
        #expect(String(decoding: page.bytes, as: UTF8.self).contains("termcode"))
        #expect(page.source.hasSuffix("/regweb-cgi/reg-sched.pl"))
    }

    @Test("HTTP Basic with the password from an environment variable is accepted")
    func basicFromEnvironment() async throws {
        let page = try await EmulatorHarness.withEmulator(authentication: basic) { emulator in
            try await EmulatorHarness.withSource(
                emulator.baseURL, credential: .basic(username: "alice", password: .environment(name: "CAMPUS_TEST_PW")),
                environment: ["CAMPUS_TEST_PW": EmulatorHarness.password]
            ) { source in try await source.fetch(.termList) }
        }
        #expect(!page.bytes.isEmpty)
    }

    @Test("a wrong password is refused at once; the error names the file, never the password")
    func basicRefused() async throws {
        let wrong = "Tr0ub4dor&3"
        let secret = try SecretFile(wrong)
        defer { secret.delete() }
        let (error, requests) = try await EmulatorHarness.withEmulator(authentication: basic) { emulator in
            let error = try await EmulatorHarness.withSource(
                emulator.baseURL, credential: .basic(username: "alice", password: .file(path: secret.path))
            ) { source in
                await #expect(throws: FetchError.self) { try await source.fetch(.termList) }
            }
            return (error, emulator.statistics.totalRequests)
        }
        guard case .credentialsRefused(_, 401, .basic("alice", .file(secret.path))) = error else {
            Issue.record("expected credentials refused, got \(String(describing: error))")
            return
        }
        let message = error?.description ?? ""
        #expect(message.contains("file \(secret.path)"))
        #expect(!message.contains(wrong) && !message.contains(EmulatorHarness.password))
        #expect(requests == 1, "a 401 is not retried")
    }

    @Test("a session cookie from a file is accepted; a stale one is refused without showing it")
    func sessionCookie() async throws {
        let good = try SecretFile("\(EmulatorHarness.cookie.name)=\(EmulatorHarness.cookie.value)")
        let stale = try SecretFile("\(EmulatorHarness.cookie.name)=expired-value-42")
        defer {
            good.delete()
            stale.delete()
        }
        let authentication = EmulatorAuthentication.sessionCookie(
            name: EmulatorHarness.cookie.name, value: EmulatorHarness.cookie.value)
        let (page, error) = try await EmulatorHarness.withEmulator(authentication: authentication) { emulator in
            let page = try await EmulatorHarness.withSource(emulator.baseURL, credential: .sessionCookie(.file(path: good.path))) {
                try await $0.fetch(.termList)
            }
            let error = try await EmulatorHarness.withSource(
                emulator.baseURL, credential: .sessionCookie(.file(path: stale.path))
            ) { source in await #expect(throws: FetchError.self) { try await source.fetch(.termList) } }
            return (page, error)
        }
        #expect(!page.bytes.isEmpty)
        let message = error?.description ?? ""
        #expect(message.contains("session cookie from file \(stale.path)"))
        #expect(message.contains("sign in"))
        #expect(!message.contains("expired-value-42"))
    }

    @Test("no credentials against a protected registrar says none are configured")
    func noCredentials() async throws {
        let error = try await EmulatorHarness.withEmulator(authentication: basic) { emulator in
            try await EmulatorHarness.withSource(emulator.baseURL) { source in
                await #expect(throws: FetchError.self) { try await source.fetch(.termList) }
            }
        }
        #expect(error?.description.contains("none are configured") == true)
    }

    @Test("a missing password file is reported before any request, naming the file")
    func missingPasswordFile() throws {
        let path = "/nonexistent/campus/registrar.password"
        let error = #expect(throws: FetchError.self) {
            try HTTPPageSource(
                baseURL: URL(string: "http://127.0.0.1:9")!, definition: try CrawlFixtures.definition(),
                credential: .basic(username: "alice", password: .file(path: path)))
        }
        guard case .credentialsUnavailable(let source, _) = error else {
            Issue.record("expected credentials unavailable, got \(String(describing: error))")
            return
        }
        #expect(source == "file \(path)")
    }
}
