import Foundation
import SlapdHarness
import Testing

/// Two servers sharing one user-state store in PostgreSQL, as replicas behind a proxy do:
/// a log-in holds on both, a log-out ends it on both at once, failed log-ins count across
/// them, and what one keeps (favorites, the record of disclosures) the other sees.
@Suite("Servers sharing a PostgreSQL user state")
struct SharedStateTests {
    /// Two servers over copies of the demo index and one new PostgreSQL database.
    private func replicas(_ flags: [String] = []) async throws -> (RoutedServer, RoutedServer) {
        let postgres = try await PostgresServer.shared()
        let database = try postgres.createDatabase()
        let state = """
            state: postgres://campus@127.0.0.1:\(postgres.port)/\(database)?sslmode=disable
            state-password-file: \(postgres.passwordFile)

            """
        return (try await RoutedServer.start(flags, extraConfiguration: state), try await RoutedServer.start(flags, extraConfiguration: state))
    }

    @Test("a log-in on one holds on the other; a log-out on the other ends it on both at once")
    func sessions() async throws {
        let (one, other) = try await replicas()
        defer { Task { await one.stop(); await other.stop() } }
        let token = try await one.logIn("quinna")
        #expect(try await one.send(.GET, "/v1/me", token: token).status == 200)
        #expect(try await other.send(.GET, "/v1/me", token: token).status == 200)
        #expect(try await other.send(.DELETE, "/v1/session", token: token).status == 204)
        #expect(try await one.send(.GET, "/v1/me", token: token).status == 401, "the first server had it in memory, and asked the store")
        let ready = try await one.send(.GET, "/readyz")
        #expect((ready.json["state"] as? [String: Any])?["shared"] as? Bool == true, "\(ready.text)")
    }

    @Test("ten failed log-ins spread over both lock the account on both")
    func throttle() async throws {
        let (one, other) = try await replicas(["--login-failures", "10", "--login-address-failures", "50"])
        defer { Task { await one.stop(); await other.stop() } }
        for attempt in 0..<10 {
            let server = attempt.isMultiple(of: 2) ? one : other
            #expect(try await server.send(.POST, "/v1/session", json: ["username": "quinna", "password": "wrong"]).status == 401)
        }
        #expect(try await one.send(.POST, "/v1/session", json: ["username": "quinna", "password": "demo-quinna"]).status == 429)
        #expect(try await other.send(.POST, "/v1/session", json: ["username": "quinna", "password": "demo-quinna"]).status == 429)
    }

    @Test("a favorite kept through one is listed by the other; a disclosure made through one is in the record the other shows")
    func keptThings() async throws {
        let (one, other) = try await replicas()
        defer { Task { await one.stop(); await other.stop() } }
        let advisor = try await one.logIn("whitfid")
        #expect(try await one.send(.PUT, "/v1/me/favorites/fenwicp?group=advisees", token: advisor).status == 201)
        let listed = try await other.send(.GET, "/v1/me/favorites", token: advisor)
        #expect(listed.text.contains("fenwicp"), "\(listed.text)")

        #expect(try await one.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: advisor).status == 200)
        let student = try await other.logIn("fenwicp")
        let record = try await other.send(.GET, "/v1/me/disclosures", token: student)
        // The favorites list showed fenwicp's classes too: two disclosures, both by their advisor, both through the first server.
        let entries = record.json["disclosures"] as? [[String: Any]] ?? []
        #expect(entries.count == 2 && entries.allSatisfy { $0["viewer"] as? String == "whitfid" }, "\(record.text)")
    }
}

/// A PostgreSQL user state that stops answering, on a server of the test's own.
@Suite("A PostgreSQL user state that stops answering")
struct LostStateTests {
    @Test("/readyz says so, and a request whose session cannot be checked is refused (503): never answered as anonymous, nor unrecorded")
    func serverGone() async throws {
        let postgres = try PostgresServer.start()
        let state = """
            state: postgres://campus@127.0.0.1:\(postgres.port)/campus?sslmode=disable
            state-password-file: \(postgres.passwordFile)

            """
        let server = try await RoutedServer.start(extraConfiguration: state)
        defer { Task { await server.stop() } }
        let advisor = try await server.logIn("whitfid")
        #expect(try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: advisor).status == 200)
        #expect(try await server.send(.GET, "/readyz").status == 200)

        postgres.stop()
        let schedule = try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: advisor)
        #expect(schedule.status == 503, "\(schedule.text)")
        #expect(!schedule.text.contains("fenwicp"), "nothing of the record goes out")
        let ready = try await server.send(.GET, "/readyz")
        #expect(ready.status == 503 && (ready.json["state"] as? [String: Any])?["answers"] as? Bool == false, "\(ready.text)")
    }
}
