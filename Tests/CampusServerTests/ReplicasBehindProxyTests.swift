import CampusLookup
import Foundation
import NIOHTTP1
import SlapdHarness
import Testing

/// Two `campus serve` replicas sharing a PostgreSQL user state behind a real nginx, set up as
/// docs/deploying.md shows (round robin, `X-Forwarded-For`, the replicas trusting the proxy),
/// each with its own index; logging in against the shared slapd.
@Suite("Replicas behind nginx, sharing a PostgreSQL user state", .serialized)
struct ReplicasBehindProxyTests {
    /// The replicas and nginx in front of them, as a test talks to them.
    final class Replicas: ServerUnderTest {
        let replicas: [LiveServer]
        let proxy: NginxProxy
        /// The PostgreSQL database they share.
        let database: String
        var root: URL { replicas[0].root }
        var baseURL: String { proxy.url }
        var service: CampusService { replicas[0].service }

        init(_ count: Int, flags: [String] = []) async throws {
            let postgres = try await PostgresServer.shared()
            database = try postgres.createDatabase()
            let state = """
                state: postgres://campus@127.0.0.1:\(postgres.port)/\(database)?sslmode=disable
                state-password-file: \(postgres.passwordFile)

                """
            var started: [LiveServer] = []
            do {
                for _ in 0..<count {
                    started.append(try await LiveServer.start(["--trusted-proxy", "127.0.0.1"] + flags, extraConfiguration: state))
                }
                proxy = try NginxProxy.start(upstreams: started.map(\.baseURL))
            } catch {
                for replica in started { await replica.stop() }
                throw error
            }
            replicas = started
        }

        func exchange(_ method: HTTPMethod, _ path: String, headers: [(String, String)], body: [UInt8]?) async throws -> ServerAnswer {
            try await LiveServer.exchange(baseURL: proxy.url, method, path, headers: headers, body: body)
        }

        func stop() async {
            proxy.stop()
            for replica in replicas { await replica.stop() }
        }

    }

    @Test("a log-in through nginx holds whichever replica answers; a log-out ends it on every one at once")
    func sessions() async throws {
        let replicas = try await Replicas(2)
        defer { Task { await replicas.stop() } }
        let token = try await replicas.logIn("quinna")
        // Round robin: these go to both replicas, alternately.
        for _ in 0..<6 {
            #expect(try await replicas.send(.GET, "/v1/me", token: token).status == 200)
        }
        for replica in replicas.replicas {
            #expect(try await replica.send(.GET, "/v1/me", token: token).status == 200, "each replica on its own knows the session")
        }
        #expect(try await replicas.send(.DELETE, "/v1/session", token: token).status == 204)
        for replica in replicas.replicas {
            #expect(try await replica.send(.GET, "/v1/me", token: token).status == 401, "ended on every replica at once")
        }
        #expect(try await replicas.send(.GET, "/v1/me", token: token).status == 401)
    }

    @Test("ten failed log-ins spread over the replicas lock the account, counted by the client's address nginx saw")
    func throttle() async throws {
        let replicas = try await Replicas(2, flags: ["--login-failures", "10", "--login-address-failures", "50"])
        defer { Task { await replicas.stop() } }
        for _ in 0..<10 {
            #expect(try await replicas.send(.POST, "/v1/session", json: ["username": "quinna", "password": "wrong"]).status == 401)
        }
        let locked = try await replicas.send(.POST, "/v1/session", json: ["username": "quinna", "password": "demo-quinna"])
        #expect(locked.status == 429, "\(locked.text)")
        // Another client (another address nginx passes on) is not locked out of its own account.
        let elsewhere = try await replicas.send(
            .POST, "/v1/session", json: ["username": "valer", "password": "demo-valer"], headers: [("X-Forwarded-For", "192.0.2.7")])
        #expect(elsewhere.status == 200)
    }

    @Test("a replica that is gone: nginx sends reads to the other; the session and what was kept live on")
    func replicaGone() async throws {
        let replicas = try await Replicas(2)
        defer { Task { await replicas.stop() } }
        let advisor = try await replicas.logIn("whitfid")
        #expect(try await replicas.send(.PUT, "/v1/me/favorites/fenwicp?group=advisees", token: advisor).status == 201)
        await replicas.replicas[0].stop()
        for _ in 0..<4 {
            let listed = try await replicas.send(.GET, "/v1/me/favorites", token: advisor)
            #expect(listed.status == 200 && listed.text.contains("fenwicp"), "\(listed.status) \(listed.text)")
        }
    }

    @Test("the tests' nginx is configured as docs/deploying.md tells people to configure theirs")
    func asDocumented() async throws {
        let proxy = try NginxProxy.start(upstreams: ["http://127.0.0.1:9"])
        defer { proxy.stop() }
        /// The lines of the `location / { ... }` block in `text`, trimmed.
        func location(_ text: String) -> [String] {
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let start = lines.firstIndex(of: "location / {"), let end = lines[start...].firstIndex(of: "}") else { return [] }
            return Array(lines[start...end])
        }
        let configured = location(try String(contentsOfFile: proxy.directory + "/nginx.conf", encoding: .utf8))
        let deploying = try String(contentsOf: DemoIndexFile.packageRoot.appendingPathComponent("docs/deploying.md"), encoding: .utf8)
        let upstream = try #require(deploying.range(of: "upstream campus {"))
        let documented = location(String(deploying[upstream.lowerBound...]))
        #expect(!configured.isEmpty && configured == documented, "\(configured) against \(documented)")
    }
}
