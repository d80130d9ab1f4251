import CampusLookup
import Foundation
import NIOHTTP1

/// A `campus serve` a test talks to: over real HTTP (``LiveServer``) or through its router
/// in process (``RoutedServer``). Tests are written once against this.
protocol ServerUnderTest: Sendable {
    /// The folder the server keeps its files in (index, user state, configuration).
    var root: URL { get }
    /// `http://HOST:PORT`: how this site's pages name their origin.
    var baseURL: String { get }
    /// The door the server calls.
    var service: CampusService { get }

    /// One exchange: the request as given, the answer as sent (nothing decompressed).
    func exchange(_ method: HTTPMethod, _ path: String, headers: [(String, String)], body: [UInt8]?) async throws -> ServerAnswer

    /// Stops the server and waits until it has.
    func stop() async
}

/// What the server answered.
struct ServerAnswer: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object; empty when it is none.
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }

    /// The body as a JSON array; empty when it is none.
    var array: [Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [Any] ?? [] }

    func header(_ name: String) -> String? { headers.first(name: name) }
}

extension ServerUnderTest {
    /// Sends a request; `token` as a bearer token, `json` as the body.
    func send(
        _ method: HTTPMethod = .GET, _ path: String, token: String? = nil, json: Any? = nil, body: String? = nil,
        headers: [(String, String)] = []
    ) async throws -> ServerAnswer {
        var all: [(String, String)] = []
        if let token { all.append(("Authorization", "Bearer \(token)")) }
        var bytes: [UInt8]?
        if let json {
            all.append(("Content-Type", "application/json"))
            bytes = Array(try JSONSerialization.data(withJSONObject: json))
        } else if let body {
            bytes = Array(body.utf8)
        }
        for (name, value) in headers {
            all.removeAll { $0.0.lowercased() == name.lowercased() }
            all.append((name, value))
        }
        return try await exchange(method, path, headers: all, body: bytes)
    }

    /// Logs `username` in with the demo password; the token.
    func logIn(_ username: String) async throws -> String {
        let answer = try await send(.POST, "/v1/session", json: ["username": username, "password": "demo-\(username)"])
        guard answer.status == 200, let token = answer.json["token"] as? String else {
            throw LogInFailed(username: username, status: answer.status, body: answer.text)
        }
        return token
    }
}

struct LogInFailed: Error, CustomStringConvertible {
    var username: String
    var status: Int
    var body: String
    var description: String { "log-in of \(username) answered \(status): \(body)" }
}
