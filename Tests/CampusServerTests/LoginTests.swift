import CampusLookup
import Foundation
import NIOHTTP1
import Testing

/// Campus log-in against a real slapd: one answer for every failure, the throttle, the
/// lifetimes of a session, log-out, and the session cookie.
@Suite("Campus log-in and sessions", .serialized)
struct LoginTests {
    @Test("unknown user, wrong password, empty password: one 401 answer, each taking at least the failure floor")
    func oneAnswerForEveryFailure() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        var bodies: [String] = []
        for (username, password) in [("quinna", "wrong"), ("zzqxnobody", "demo-zzqxnobody"), ("quinna", ""), ("a b(c)", "x")] {
            let started = ContinuousClock.now
            let answer = try await server.send(.POST, "/v1/session", json: ["username": username, "password": password])
            #expect(ContinuousClock.now - started >= .milliseconds(400), "\(username)")
            #expect(answer.status == 401)
            #expect(answer.header("WWW-Authenticate") == "Bearer realm=\"campus\"")
            #expect(answer.header("Set-Cookie") == nil)
            bodies.append(answer.text)
        }
        #expect(Set(bodies).count == 1, "\(bodies)")
        #expect(bodies[0].contains("login-failed") && !bodies[0].contains("quinna"))
    }

    @Test("a right password gives a 256-bit token kept only hashed, and the HttpOnly, Secure, SameSite=Strict cookie")
    func token() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let answer = try await server.send(.POST, "/v1/session", json: ["username": "QuinnA", "password": "demo-quinna"])
        #expect(answer.status == 200)
        let token = try #require(answer.json["token"] as? String)
        #expect(token.count == 43 && Data(base64Encoded: token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "=")?.count == 32)
        #expect((answer.json["user"] as? [String: Any])?["username"] as? String == "quinna")
        let cookie = try #require(answer.header("Set-Cookie"))
        for part in ["campus_session=\(token)", "HttpOnly", "Secure", "SameSite=Strict", "Path=/"] {
            #expect(cookie.contains(part), "\(cookie)")
        }
        let stored = try String(contentsOf: server.root.appendingPathComponent("user-state.sqlite"), encoding: .isoLatin1)
        #expect(!stored.contains(token), "only the token's hash is kept")
        let session = try await server.send(.GET, "/v1/session", token: token)
        #expect(session.status == 200 && session.json["token"] == nil)
    }

    @Test("log-out revokes the token at once")
    func logOut() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let token = try await server.logIn("quinna")
        #expect(try await server.send(.GET, "/v1/me", token: token).status == 200)
        #expect(try await server.send(.DELETE, "/v1/session", token: token).status == 204)
        #expect(try await server.send(.GET, "/v1/me", token: token).status == 401)
        #expect(try await server.send(.DELETE, "/v1/session", token: token).status == 401)
    }

    @Test("a session unused past the idle limit ends; one used all along ends at its absolute lifetime")
    func expiry() async throws {
        let idle = try await LiveServer.start(["--session-hours", "8", "--idle-minutes", "0.02"])
        defer { Task { await idle.stop() } }
        let lazy = try await idle.logIn("quinna")
        try await Task.sleep(for: .milliseconds(2000))
        #expect(try await idle.send(.GET, "/v1/me", token: lazy).status == 401, "idle for 2 s of an allowed 1.2 s")

        let absolute = try await LiveServer.start(["--session-hours", "0.0005", "--idle-minutes", "60"])
        defer { Task { await absolute.stop() } }
        let busy = try await absolute.logIn("quinna")
        #expect(try await absolute.send(.GET, "/v1/me", token: busy).status == 200)
        for _ in 0..<5 {
            try await Task.sleep(for: .milliseconds(500))
            _ = try await absolute.send(.GET, "/v1/me", token: busy)
        }
        #expect(try await absolute.send(.GET, "/v1/me", token: busy).status == 401, "2.5 s into a 1.8 s session")
    }

    @Test("failures past the limit lock the username at that address, and the address, without asking the directory; a restart keeps the lock")
    func throttle() async throws {
        let root = try ServerFiles.freshRoot()
        let options = ["--login-failures", "3", "--login-window-minutes", "5", "--login-lockout-minutes", "15", "--login-address-failures", "5"]
        let server = try await LiveServer.start(options, root: root)
        for _ in 0..<3 {
            #expect(try await server.send(.POST, "/v1/session", json: ["username": "quinna", "password": "wrong"]).status == 401)
        }
        let locked = try await server.send(.POST, "/v1/session", json: ["username": "quinna", "password": "demo-quinna"])
        #expect(locked.status == 429)
        let retry = try #require(locked.header("Retry-After").flatMap(Int.init))
        #expect(retry > 800 && retry <= 900, "about 15 minutes")
        #expect((locked.json["type"] as? String)?.hasSuffix("login-throttled") == true)
        #expect(try await server.send(.POST, "/v1/session", json: ["username": "valer", "password": "demo-valer"]).status == 200,
                "another username from the same address, below the address's own limit")
        for _ in 0..<2 {
            #expect(try await server.send(.POST, "/v1/session", json: ["username": "oyelarn", "password": "wrong"]).status == 401)
        }
        let sameAddress = try await server.send(.POST, "/v1/session", json: ["username": "valer", "password": "demo-valer"])
        #expect(sameAddress.status == 429, "five failures from the address lock it")
        let metrics = try await server.send(.GET, "/metrics")
        #expect(metrics.text.contains("campus_login_failures_total") && metrics.text.contains("campus_login_throttled_total"))
        await server.stop()

        let restarted = try await LiveServer.start(options, root: root)
        defer { Task { await restarted.stop() } }
        #expect(try await restarted.send(.POST, "/v1/session", json: ["username": "quinna", "password": "demo-quinna"]).status == 429)
    }

    @Test("a suppressed person logs in to see themselves; under a policy that hides them even from themselves, the same 401")
    func suppressedLogIn() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        #expect(try await server.send(.POST, "/v1/session", json: ["username": "holtq", "password": "demo-holtq"]).status == 200)

        let policy = try ServerFiles.freshRoot().appendingPathComponent("hidden.yaml")
        let text = try String(contentsOf: DemoIndexFile.packageRoot.appendingPathComponent("policies/ferpa-strict.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "suppressed: [self, registrar]", with: "suppressed: [registrar]")
        try text.write(to: policy, atomically: true, encoding: .utf8)
        let strict = try await LiveServer.start(["--policy", policy.path])
        defer { Task { await strict.stop() } }
        let refused = try await strict.send(.POST, "/v1/session", json: ["username": "holtq", "password": "demo-holtq"])
        let wrong = try await strict.send(.POST, "/v1/session", json: ["username": "quinna", "password": "wrong"])
        #expect(refused.status == 401 && refused.text == wrong.text)
    }

    @Test("the session cookie authenticates the web app; its changes must come from the server's own origin")
    func cookie() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let token = try await server.logIn("quinna")
        let cookie = ("Cookie", "campus_session=\(token)")
        #expect(try await server.send(.GET, "/v1/me", headers: [cookie]).status == 200)
        let foreign = try await server.send(.PUT, "/v1/me/favorites/valer", headers: [cookie, ("Origin", "https://evil.example")])
        #expect(foreign.status == 403 && (foreign.json["type"] as? String)?.hasSuffix("cross-origin") == true)
        #expect(try await server.send(.PUT, "/v1/me/favorites/valer", headers: [cookie]).status == 403, "no Origin at all")
        let own = server.baseURL
        #expect(try await server.send(.PUT, "/v1/me/favorites/valer", headers: [cookie, ("Origin", own)]).status == 201)
        #expect(try await server.send(.PUT, "/v1/me/favorites/valer", token: token).status == 200, "a bearer token needs no Origin")
    }
}
