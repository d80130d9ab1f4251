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

    /// The client of every request to a sign-in service: redirects are never followed (a code
    /// or a ticket goes to the address configured, nowhere else). Lives as long as the process.
    private static let client = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup,
        configuration: HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5))))

    /// Sends `request` and reads its whole answer within ``timeout``, from connecting to the last byte.
    private func send(_ request: HTTPClientRequest, what: String) async throws(SignInRefusal) -> Data {
        let limit = maximumBytes, timeout = timeout
        let outcome: Result<(status: UInt, body: ByteBuffer), Fetching>
        do {
            outcome = .success(try await withThrowingTaskGroup(of: (status: UInt, body: ByteBuffer).self) { group in
                group.addTask {
                    let response = try await Self.client.execute(request, timeout: .nanoseconds(Self.nanoseconds(timeout)))
                    do {
                        return (response.status.code, try await response.body.collect(upTo: limit))
                    } catch {
                        throw Fetching.unreadable("\(error)")
                    }
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw Fetching.tooSlow
                }
                defer { group.cancelAll() }
                return try await group.next()!
            })
        } catch let failure as Fetching {
            outcome = .failure(failure)
        } catch {
            outcome = .failure(.unreachable("\(error)"))
        }
        let shown = Self.shown(request.url)
        switch outcome {
        case .failure(.tooSlow):
            throw SignInRefusal(.unreachable, "\(what) at \(shown) did not answer in full within \(timeout)")
        case .failure(.unreachable(let detail)):
            throw SignInRefusal(.unreachable, "\(what) at \(shown): \(detail)")
        case .failure(.unreadable(let detail)):
            throw SignInRefusal(.unreadable, "\(what) at \(shown): the answer was cut off or over \(limit) bytes (\(detail))")
        case .success(let answer) where answer.status == 200:
            return Data(buffer: answer.body)
        case .success(let answer):
            // A token endpoint's refusal names its error (RFC 6749 §5.2): worth the log, never the body whole.
            let reason = (try? JSONDecoder().decode(OAuthError.self, from: Data(buffer: answer.body))).map { " (\(Self.printable($0.error)))" } ?? ""
            throw SignInRefusal(answer.status >= 500 ? .unreachable : .refusedByIdP, "\(what) at \(shown) answered \(answer.status)\(reason)")
        }
    }

    /// Why an answer was not had.
    private enum Fetching: Error {
        case tooSlow
        case unreachable(String)
        case unreadable(String)
    }

    /// `duration` in whole nanoseconds, fractions of a second kept.
    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// Text from the sign-in service as the log may hold it: 80 characters, controls made visible.
    static func printable(_ text: String) -> String {
        String(text.prefix(80).unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
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
public enum FormEncoding {
    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._*")

    public static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved.union(.init(charactersIn: " ")))!
            .replacingOccurrences(of: " ", with: "+")
    }

    public static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }
}
