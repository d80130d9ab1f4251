import CampusCore
import CampusLookup
import Foundation
import Testing

/// `campus login` by the device authorization grant (RFC 8628): the command's two requests and
/// the person's approval on the web, over the router.
@Suite("A terminal logged in by its person's approval on the web")
struct DeviceLoginTests {
    private static let form = [("Content-Type", "application/x-www-form-urlencoded")]

    /// Starts a device log-in as `campus login` on `client` does; the answer's fields.
    private func authorize(_ server: RoutedServer, client: String = "lab-pc-12") async throws -> [String: Any] {
        let answer = try await server.send(.POST, "/v1/device/authorize", body: "client=\(client)&client_id=campus", headers: Self.form)
        #expect(answer.status == 200 && answer.header("Cache-Control") == "no-store", "\(answer.text)")
        return answer.json
    }

    /// The command's ask with `deviceCode`.
    private func ask(_ server: RoutedServer, _ deviceCode: String) async throws -> ServerAnswer {
        try await server.send(.POST, "/v1/device/token", body: "grant_type=urn:ietf:params:oauth:grant-type:device_code&device_code=\(deviceCode)",
                              headers: Self.form)
    }

    @Test("approved on the web, the command's next ask gets a kept session of the person, listed as campus on its host, handed out once")
    func approvedLogInIsHandedOutOnce() async throws {
        let clock = SettableClock(Date())
        let server = try await RoutedServer.start(clock: clock)
        defer { Task { await server.stop() } }
        let started = try await authorize(server)
        let deviceCode = try #require(started["device_code"] as? String)
        let userCode = try #require(started["user_code"] as? String)
        #expect(userCode.wholeMatch(of: /[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}/) != nil, "\(userCode)")
        #expect(started["verification_uri"] as? String == "http://localhost/device")
        #expect(started["verification_uri_complete"] as? String == "http://localhost/device?code=\(userCode)")
        #expect(started["expires_in"] as? Int == 600 && started["interval"] as? Int == 5)

        let waiting = try await ask(server, deviceCode)
        #expect(waiting.status == 400 && waiting.json["error"] as? String == "authorization_pending", "\(waiting.text)")
        clock.advance(1)
        #expect(try await ask(server, deviceCode).json["error"] as? String == "slow_down", "asked again within the interval")

        // The person, logged in on the web, follows the link, sees what asks, and approves.
        let brennam = try await server.logIn("brennam")
        let anonymous = try await server.page("/device?code=\(userCode)")
        #expect(anonymous.status == 303 && anonymous.header("Location")?.hasPrefix("/login?next=") == true, "logged in first")
        let question = try await server.page("/device?code=\(userCode.lowercased())", session: brennam)
        #expect(question.status == 200 && question.readable.contains("campus on lab-pc-12 wants to look things up as you, brennam"),
                "\(question.readable.prefix(600))")
        #expect(try await server.post("/device", [("code", userCode), ("answer", "approve")], session: brennam, csrf: "forged").status == 403)
        let approved = try await server.post("/device", [("code", userCode), ("answer", "approve")], session: brennam)
        #expect(approved.status == 200 && approved.readable.contains("Approved"), "\(approved.readable.prefix(600))")

        clock.advance(6)
        let handed = try await ask(server, deviceCode)
        #expect(handed.status == 200 && handed.json["token_type"] as? String == "Bearer", "\(handed.text)")
        let token = try #require(handed.json["access_token"] as? String)
        #expect((handed.json["user"] as? [String: Any])?["username"] as? String == "brennam")
        #expect(try await server.send(.GET, "/v1/session", token: token).json["user"].flatMap { $0 as? [String: Any] }?["username"] as? String == "brennam")
        let sessions = try #require(try await server.send(.GET, "/v1/me/sessions", token: brennam).json["sessions"] as? [[String: Any]])
        let device = try #require(sessions.first { $0["device"] as? String == "campus on lab-pc-12" }, "\(sessions)")
        #expect(device["kept"] as? Bool == true)
        clock.advance(6)
        #expect(try await ask(server, deviceCode).json["error"] as? String == "expired_token", "handed out once")
        #expect(try await server.post("/device", [("code", userCode), ("answer", "approve")], session: brennam).readable.contains("No log-in is waiting"))

        // Ended under My devices like any other log-in.
        let id = try #require(device["id"] as? String)
        #expect(try await server.send(.DELETE, "/v1/me/sessions/\(id)", token: brennam).status == 204)
        #expect(try await server.send(.GET, "/v1/me", token: token).status == 401)
    }

    @Test("a denied log-in, one never answered in ten minutes, and an unknown code give the command no session")
    func deniedExpiredAndUnknownGiveNothing() async throws {
        let clock = SettableClock(Date())
        let server = try await RoutedServer.start(clock: clock)
        defer { Task { await server.stop() } }
        let fenwicp = try await server.logIn("fenwicp")

        let denied = try await authorize(server)
        let deniedCode = try #require(denied["user_code"] as? String)
        let answer = try await server.post("/device", [("code", deniedCode), ("answer", "deny")], session: fenwicp)
        #expect(answer.status == 200 && answer.readable.contains("Denied"), "\(answer.readable.prefix(400))")
        #expect(try await ask(server, try #require(denied["device_code"] as? String)).json["error"] as? String == "access_denied")

        let forgotten = try await authorize(server, client: "evil%0Ahost<script>")
        let forgottenCode = try #require(forgotten["user_code"] as? String)
        let shown = try await server.page("/device?code=\(forgottenCode)", session: fenwicp)
        #expect(shown.readable.contains("campus on a computer that gave no name"), "a made-up name is not shown: \(shown.readable.prefix(400))")
        clock.advance(601)
        #expect(try await ask(server, try #require(forgotten["device_code"] as? String)).json["error"] as? String == "expired_token")
        #expect(try await server.page("/device?code=\(forgottenCode)", session: fenwicp).readable.contains("No log-in is waiting"))

        #expect(try await ask(server, "not-a-code").json["error"] as? String == "expired_token")
        #expect(try await server.page("/device?code=AAAA-AAAA", session: fenwicp).readable.contains("No log-in is waiting"))
        let wrongGrant = try await server.send(.POST, "/v1/device/token", body: "grant_type=password&device_code=x", headers: Self.form)
        #expect(wrongGrant.status == 400 && (wrongGrant.json["detail"] as? String)?.contains("grant_type") == true, "\(wrongGrant.text)")
        let json = try await server.send(.POST, "/v1/device/token", json: ["device_code": "x"])
        #expect(json.status == 415, "a form, as RFC 8628 has it")
    }

    @Test("codes cannot be guessed: past the log-in throttle's failures a person's tries, then their network's, are refused with Retry-After; starts are counted by address")
    func codeGuessesAndStartsAreThrottled() async throws {
        let server = try await RoutedServer.start(["--login-failures", "3", "--login-address-failures", "5"])
        defer { Task { await server.stop() } }
        let quinna = try await server.logIn("quinna")
        for _ in 0..<3 {
            let miss = try await server.page("/device?code=BCDF-GHJK", session: quinna)
            #expect(miss.status == 200 && miss.readable.contains("No log-in is waiting"), "\(miss.readable.prefix(300))")
        }
        let userCode = try #require(try await authorize(server)["user_code"] as? String)
        let refused = try await server.page("/device?code=\(userCode)", session: quinna)
        #expect(refused.status == 429 && refused.header("Retry-After") != nil, "even a right code, once locked: \(refused.readable.prefix(300))")
        let other = try await server.page("/device?code=\(userCode)", session: try await server.logIn("brennam"))
        #expect(other.status == 200 && other.readable.contains("lab-pc-12"), "\(other.readable.prefix(300))")

        // Misses of several people count against their network too.
        let third = try await server.logIn("fenwicp")
        for _ in 0..<2 { #expect(try await server.page("/device?code=BCDF-GHJK", session: third).status == 200) }
        let network = try await server.page("/device?code=BCDF-GHJK", session: third)
        #expect(network.status == 429, "past five misses from one network: \(network.readable.prefix(300))")

        // Five starts were allowed from this address (one above, four here); the next is refused.
        for _ in 0..<4 { _ = try await authorize(server) }
        let tooMany = try await server.send(.POST, "/v1/device/authorize", body: "client=x", headers: Self.form)
        #expect(tooMany.status == 429 && tooMany.header("Retry-After") != nil, "\(tooMany.text)")
    }
}
