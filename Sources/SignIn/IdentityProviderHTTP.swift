import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

/// The server's own requests to the campus's sign-in service (discovery, keys, the token
/// and ticket checks): bounded in time and in size, so that a service that is down or slow
/// costs a sign-in a few seconds, never a hung request.
public struct IdentityProviderHTTP: Sendable {
    /// How long one request may take, from connecting to the last byte.
    public var timeout: Duration
    /// The most bytes an answer may hold.
    public var maximumBytes: Int

    public init(timeout: Duration = .seconds(10), maximumBytes: Int = 1 << 20) {
        self.timeout = timeout
        self.maximumBytes = maximumBytes
    }

    /// The body of a `GET` of `url` that answered 200.
    public func get(_ url: URL, what: String) async throws(SignInRefusal) -> Data {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json, application/xml;q=0.9, */*;q=0.5")
        return try await send(request, what: what)
    }

    /// The body of a form `POST` to `url` that answered 200, with HTTP Basic authentication
    /// when `basic` is given (RFC 6749 §2.3.1: each part form-encoded first).
    public func post(_ url: URL, form: [(String, String)], basic: (user: String, password: String)? = nil, what: String)
        async throws(SignInRefusal) -> Data
    {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        if let basic {
            let pair = FormEncoding.encode(basic.user) + ":" + FormEncoding.encode(basic.password)
            request.headers.add(name: "Authorization", value: "Basic " + Data(pair.utf8).base64EncodedString())
        }
        request.body = .bytes(ByteBuffer(string: FormEncoding.encode(form)))
        return try await send(request, what: what)
    }

    private func send(_ request: HTTPClientRequest, what: String) async throws(SignInRefusal) -> Data {
        let response: HTTPClientResponse
        do {
            response = try await HTTPClient.shared.execute(request, timeout: .nanoseconds(Int64(timeout.components.seconds * 1_000_000_000)))
        } catch {
            throw SignInRefusal(.unreachable, "\(what) at \(Self.shown(request.url)): \(error)")
        }
        let body: ByteBuffer
        do {
            body = try await response.body.collect(upTo: maximumBytes)
        } catch {
            throw SignInRefusal(.unreadable, "\(what) at \(Self.shown(request.url)): the answer was cut off or over \(maximumBytes) bytes (\(error))")
        }
        guard response.status == .ok else {
            // A token endpoint's refusal names its error (RFC 6749 §5.2): worth the log, never the body whole.
            let reason = (try? JSONDecoder().decode(OAuthError.self, from: Data(buffer: body))).map { " (\($0.error))" } ?? ""
            let kind: SignInRefusal.Kind = response.status.code >= 500 ? .unreachable : .refusedByIdP
            throw SignInRefusal(kind, "\(what) at \(Self.shown(request.url)) answered \(response.status.code)\(reason)")
        }
        return Data(buffer: body)
    }

    /// A URL for the log: its query left out (a code or a ticket rides there).
    static func shown(_ url: String) -> String {
        url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
    }

    private struct OAuthError: Decodable {
        var error: String
    }
}

/// `application/x-www-form-urlencoded`, as the HTML standard writes it.
enum FormEncoding {
    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._*")

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved.union(.init(charactersIn: " ")))!
            .replacingOccurrences(of: " ", with: "+")
    }

    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }
}
