import CampusCore
import Foundation

/// `campus login` and `campus logout`: a session of the person's own on their campus's
/// `campus serve`, got by the device authorization grant (RFC 8628: approved in the browser,
/// by whatever sign-in the campus uses) or by a password read from standard input, and kept in
/// ``CampusPaths/loginFile`` for the commands that follow.
public struct RemoteLogin: Sendable {
    /// Where the login is kept.
    public let file: URL
    /// Where the server's answers are kept for when it cannot be reached: emptied at log-in and log-out.
    public let keptAnswers: URL

    public init(paths: CampusPaths = CampusPaths()) {
        file = paths.loginFile
        keptAnswers = paths.keptAnswersFolder
    }

    /// The login kept, if any.
    public func saved() throws(CampusError) -> SavedLogin? {
        try SavedLogin.read(from: file)
    }

    /// The server to use: `given` (an argument, `--server` or `CAMPUS_SERVER`), else the one
    /// logged in to.
    ///
    /// - Throws: ``CampusError/invalidParameter(name:detail:)`` naming `server` when there is none.
    public func server(_ given: String?) throws(CampusError) -> CampusServerClient {
        if let given, !given.trimmingCharacters(in: .whitespaces).isEmpty { return try CampusServerClient(given) }
        if let saved = try saved() { return try CampusServerClient(saved.server) }
        throw .invalidParameter(name: "server", detail: "no campus server given: run campus login https://campus.example.edu (your campus's address)")
    }

    /// What the person is shown while a device log-in waits for them.
    public struct DeviceStart: Sendable {
        /// `BCDF-GHJK`.
        public var userCode: String
        /// The page to open, the code in it.
        public var page: String
        /// The page without the code, where it is typed.
        public var pageToTypeIn: String
        var deviceCode: String
        var interval: Int
        var expiresIn: Int
    }

    /// Starts a device log-in at `server`, naming this computer `client`.
    public func startDeviceLogin(at server: CampusServerClient, client: String) async throws(CampusError) -> DeviceStart {
        let answer = try await server.post("/v1/device/authorize", form: [("client", client), ("client_id", "campus")])
        let json = answer.json
        guard answer.status == 200, let deviceCode = json["device_code"] as? String, let userCode = json["user_code"] as? String,
              let page = json["verification_uri_complete"] as? String, let typed = json["verification_uri"] as? String
        else { throw Self.refusal(answer, server, doing: "start a log-in") }
        return DeviceStart(
            userCode: userCode, page: page, pageToTypeIn: typed, deviceCode: deviceCode, interval: max(1, json["interval"] as? Int ?? 5),
            expiresIn: json["expires_in"] as? Int ?? 600)
    }

    /// Asks `server` until the person approved or denied `start`, or it expired, waiting
    /// between asks as the server says; keeps the session once approved.
    public func finishDeviceLogin(
        _ start: DeviceStart, at server: CampusServerClient, now: @Sendable () -> Date = Date.init
    ) async throws(CampusError) -> SavedLogin {
        var interval = start.interval
        let deadline = now().addingTimeInterval(TimeInterval(start.expiresIn + 5))
        while now() < deadline {
            do {
                try await Task.sleep(for: .seconds(interval))
            } catch {
                throw .failed("the log-in was stopped before it was approved")
            }
            let answer = try await server.post("/v1/device/token", form: [
                ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", start.deviceCode),
            ])
            let json = answer.json
            if answer.status == 200 { return try keep(json, from: server, now: now()) }
            switch json["error"] as? String {
            case "authorization_pending": continue
            case "slow_down": interval += 5
            case "access_denied": throw .failed("the log-in was denied in the browser: run campus login again to try once more")
            case "expired_token": throw .failed("the code \(start.userCode) expired before it was approved: run campus login again")
            default: throw Self.refusal(answer, server, doing: "finish the log-in")
            }
        }
        throw .failed("the code \(start.userCode) expired before it was approved: run campus login again")
    }

    /// Logs in to `server` with a password (for campuses that take one, and for scripts); keeps the session.
    public func logIn(at server: CampusServerClient, username: String, password: String, now: Date = Date()) async throws(CampusError) -> SavedLogin {
        let answer = try await server.post("/v1/session", json: ["username": username, "password": password, "remember": true])
        switch answer.status {
        case 200:
            var json = answer.json
            json["access_token"] = json["token"]
            return try keep(json, from: server, now: now)
        case 401: throw .loginFailed
        case 429: throw .loginThrottled(retryAfter: answer.retryAfter ?? 60)
        default: throw Self.refusal(answer, server, doing: "log in")
        }
    }

    /// Ends the kept session on its server and forgets it here; whether the server ended it
    /// (false when it could not be reached, or had ended it already). The login is forgotten
    /// here whatever the server said.
    public func logOut() async throws(CampusError) -> (login: SavedLogin, endedOnServer: Bool)? {
        guard let saved = try saved() else { return nil }
        defer {
            SavedLogin.forget(at: file)
            KeptAnswers.forgetAll(in: keptAnswers)
        }
        guard let server = try? CampusServerClient(saved.server),
              let answer = try? await server.send(.DELETE, "/v1/session", token: saved.token)
        else { return (saved, false) }
        return (saved, answer.status == 204)
    }

    /// Keeps the session of a token answer.
    private func keep(_ json: [String: Any], from server: CampusServerClient, now: Date) throws(CampusError) -> SavedLogin {
        guard let token = json["access_token"] as? String, let user = json["user"] as? [String: Any], let username = user["username"] as? String else {
            throw .failed("the campus server at \(server.server) answered a log-in without a session: is it a campus server of this version?")
        }
        let login = SavedLogin(server: server.server, username: username, token: token, savedAt: now)
        KeptAnswers.forgetAll(in: keptAnswers)
        try login.save(to: file)
        return login
    }

    /// A refusal of `server`'s that this command did not expect, with the server's own words.
    static func refusal(_ answer: CampusServerClient.Answer, _ server: CampusServerClient, doing what: String) -> CampusError {
        if answer.status == 404 {
            return .failed("the campus server at \(server.server) cannot \(what) from the command line (answered 404): it may be of an older version, or not a campus server")
        }
        return .failed("the campus server at \(server.server) could not \(what): \(VisibleText.escaped(answer.problem))")
    }
}
