import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RegistrarEmulator

/// A real HTTP client talking to a real emulator over loopback, for the tests.
struct EmulatorClient {
    /// The committed demo campus the emulator serves.
    static let demoPages = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/demo-campus")

    struct Answer {
        var status: Int
        var headers: [String: String]
        /// The body as received.
        var bytes: Data
        /// The body read as UTF-8.
        var body: String { String(decoding: bytes, as: UTF8.self) }
    }

    let emulator: RegistrarEmulator

    /// GET `reg-sched.pl` with `query`.
    func lookup(_ query: String, headers: [String: String] = [:]) async throws -> Answer {
        try await send(path: "/regweb-cgi/reg-sched.pl?\(query)", method: .GET, headers: headers)
    }

    /// The statuses of GETs of `queries`, one after the other.
    func statuses(of queries: [String]) async throws -> [Int] {
        var statuses: [Int] = []
        for query in queries { statuses.append(try await lookup(query).status) }
        return statuses
    }

    /// POST a form to `path`.
    func post(_ path: String, form: String, headers: [String: String] = [:]) async throws -> Answer {
        var all = headers
        all["Content-Type"] = "application/x-www-form-urlencoded"
        return try await send(path: path, method: .POST, headers: all, body: form)
    }

    func send(path: String, method: HTTPMethod, headers: [String: String], body: String? = nil) async throws -> Answer {
        try await Self.send(url: emulator.baseURL.absoluteString + path, method: method, headers: headers, body: body)
    }

    /// Sends one request to `url` and reads the whole answer.
    static func send(url: String, method: HTTPMethod, headers: [String: String], body: String? = nil) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 4 * 1024 * 1024)
        var answerHeaders: [String: String] = [:]
        for header in response.headers { answerHeaders[header.name.lowercased()] = header.value }
        return Answer(status: Int(response.status.code), headers: answerHeaders, bytes: Data(buffer: bytes))
    }

    /// `Basic base64(user:password)`.
    static func basic(_ user: String, _ password: String) -> [String: String] {
        ["Authorization": "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()]
    }

    /// The text of a committed demo page.
    static func page(_ relativePath: String) throws -> String {
        try String(contentsOf: demoPages.appendingPathComponent(relativePath), encoding: .utf8)
    }
}

/// Runs `body` with an emulator serving the demo campus, and stops it afterwards.
func withEmulator(
    authentication: EmulatorAuthentication = .none, behaviour: EmulatorBehaviour = .normal,
    _ body: (EmulatorClient) async throws -> Void
) async throws {
    let emulator = try await RegistrarEmulator.start(
        pagesDirectory: EmulatorClient.demoPages, authentication: authentication, behaviour: behaviour)
    do {
        try await body(EmulatorClient(emulator: emulator))
    } catch {
        await emulator.stop()
        throw error
    }
    await emulator.stop()
}
