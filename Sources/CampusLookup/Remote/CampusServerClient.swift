import AsyncHTTPClient
import CampusCore
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
internal import SignIn

/// The command line's requests to a campus's `campus serve`: bounded in time and size, never
/// following a redirect (a token goes to the server named, nowhere else), and each failure
/// said in words that name the server and what to do.
public struct CampusServerClient: Sendable {
    /// `https://campus.example.edu`, without a trailing slash.
    public let server: String

    /// `, and it runs campus 0.2.0 where this command is 0.1.0` when `version` (a server's
    /// `Campus-Version`) is another than this command's; empty when it is the same or unknown.
    public static func otherVersion(_ version: String?) -> String {
        guard let version, version != CampusVersion.current else { return "" }
        return ", and it runs campus \(VisibleText.escaped(String(version.prefix(40)))) where this command is \(CampusVersion.current)"
    }

    /// A client of `address`, an `http://` or `https://` URL (`https://` assumed when none is given).
    ///
    /// - Throws: ``CampusError/invalidParameter(name:detail:)`` naming `server`.
    public init(_ address: String) throws(CampusError) {
        var text = address.trimmingCharacters(in: .whitespaces)
        if !text.contains("://") { text = "https://" + text }
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host?.isEmpty == false,
              url.query == nil, url.user == nil
        else {
            throw .invalidParameter(name: "server", detail: "'\(address)' is not the address of a campus server: give one such as https://campus.example.edu")
        }
        server = text
    }

    /// What the server answered: its status and body.
    public struct Answer: Sendable {
        public var status: UInt
        public var body: Data
        /// `Retry-After`, in seconds, of a refusal for asking too often.
        public var retryAfter: Int?
        /// The server's `Campus-Version`: the version of campus-lookup it runs.
        public var version: String?

        /// The body as a JSON object; empty when it is not one.
        public var json: [String: Any] {
            ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:]
        }

        /// The problem document's `detail`, else its `title`, for a refusal.
        public var problem: String {
            (json["detail"] as? String) ?? (json["title"] as? String) ?? "answered \(status)"
        }
    }

    /// `POST path` with a form body.
    public func post(_ path: String, form: [(String, String)], token: String? = nil) async throws(CampusError) -> Answer {
        var request = request(path, token: token)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: FormEncoding.encode(form)))
        return try await send(request)
    }

    /// `POST path` with a JSON body, asking for an answer of type `accept`.
    public func post(
        _ path: String, json: [String: any Sendable], token: String? = nil, accept: String = "application/json"
    ) async throws(CampusError) -> Answer {
        var request = request(path, token: token)
        request.headers.replaceOrAdd(name: "Accept", value: accept)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(data: (try? JSONSerialization.data(withJSONObject: json)) ?? Data("{}".utf8)))
        return try await send(request)
    }

    /// `method path` with no body, asking for an answer of type `accept`.
    public func send(_ method: HTTPMethod, _ path: String, token: String? = nil, accept: String = "application/json") async throws(CampusError) -> Answer {
        var request = request(path, token: token)
        request.headers.replaceOrAdd(name: "Accept", value: accept)
        request.method = method
        return try await send(request)
    }

    private func request(_ path: String, token: String?) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: server + path)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "campus-cli/\(CampusVersion.current)")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        return request
    }

    /// How long one request may take, from connecting to its last byte.
    static let timeout: TimeAmount = .seconds(15)
    /// The most bytes an answer may hold.
    static let maximumBytes = 16 << 20

    /// Lives as long as the process.
    private static let client = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup,
        configuration: HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5))))

    private func send(_ request: HTTPClientRequest) async throws(CampusError) -> Answer {
        do {
            let response = try await Self.client.execute(request, timeout: Self.timeout)
            let body = try await response.body.collect(upTo: Self.maximumBytes)
            return Answer(status: response.status.code, body: Data(buffer: body), retryAfter: response.headers.first(name: "Retry-After").flatMap { Int($0) },
                          version: response.headers.first(name: "Campus-Version"))
        } catch {
            throw .failed(Self.unreachable(server, error))
        }
    }

    /// Why `server` could not be asked, in words: not answering, a name that does not resolve,
    /// a certificate refused (and why), or time run out.
    static func unreachable(_ server: String, _ error: any Error) -> String {
        let text = String(describing: error)
        let reason: String =
            if text.contains("connectTimeout") || text.contains("deadlineExceeded") || text.contains("readTimeout") {
                "it did not answer in time"
            } else if text.contains("connectionRefused") || text.contains("Connection refused") {
                "nothing answers at that address (is the server running, and the port right?)"
            } else if text.contains("NIOSSL") || text.contains("certificate") || text.contains("handshake") {
                "its TLS certificate was not accepted (\(VisibleText.escaped(String(text.prefix(200))))): check the address, "
                    + "and that this computer trusts the certificate's issuer"
            } else if text.contains("Resolution") || text.contains("lookup") || text.contains("DNS") {
                "its name could not be looked up: check the address and this computer's network"
            } else {
                VisibleText.escaped(String(text.prefix(200)))
            }
        return "cannot reach the campus server at \(server): \(reason)"
    }
}
