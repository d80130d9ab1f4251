import CampusCore
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// What one try of a request came to.
enum Attempt: Sendable {
    /// A 2xx answer with its body.
    case page([UInt8])
    /// A 404.
    case missing
    /// A failure worth another try.
    case transient(TransientFailure)
}

/// A failure that may go away on its own: a server error, a broken connection, a time-out.
enum TransientFailure: Sendable, CustomStringConvertible {
    case status(Int)
    case connection(String)
    case timedOut(Duration)

    var description: String {
        switch self {
        case .status(let status): "HTTP \(status)"
        case .connection(let reason): "connection failed (\(reason))"
        case .timedOut(let limit): "no answer within \(limit)"
        }
    }

    /// The error to report once retries are spent.
    func error(url: String, attempts: Int) -> FetchError {
        switch self {
        case .status(let status): .serverError(url: url, status: status, attempts: attempts)
        case .connection(let reason): .unreachable(url: url, reason: reason)
        case .timedOut(let limit): .timedOut(.request, url: url, after: limit)
        }
    }
}

extension HTTPPageSource {
    /// The most a page may weigh; the registrar's largest pages are a few hundred kilobytes.
    static let maximumPageBytes = 32 << 20

    private struct Response: Sendable {
        var status: Int
        var bytes: [UInt8]
    }

    /// Sends `request` once, within the request time limit (or what is left of the total one).
    func attempt(_ request: RegistrarRequest, url: URL, headers: [(name: String, value: String)]) async throws(FetchError) -> Attempt {
        let limit = try timeLimit(url: url)
        let httpRequest = makeRequest(request, url: url, headers: headers)
        logger.debug("\(request.method) \(url.absoluteString)")
        let response: Response?
        do {
            response = try await withThrowingTaskGroup(of: Response?.self) { group in
                group.addTask { try await self.perform(httpRequest, within: limit.duration) }
                group.addTask {
                    try await Task.sleep(for: limit.duration)
                    return nil
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
        } catch {
            return try classify(error, limit: limit.duration)
        }
        guard let response else {
            if limit.kind == .total, let total = options.totalTimeout {
                throw .timedOut(.total, url: url.absoluteString, after: total)
            }
            return .transient(.timedOut(limit.duration))
        }
        switch response.status {
        case 200..<300:
            return .page(response.bytes)
        case 401, 403:
            throw .credentialsRefused(url: url.absoluteString, status: response.status, credential: credential)
        case 404:
            return .missing
        case 400..<500:
            throw .rejected(url: url.absoluteString, status: response.status)
        default:
            return .transient(.status(response.status))
        }
    }

    private func timeLimit(url: URL) throws(FetchError) -> (duration: Duration, kind: FetchError.TimeLimit) {
        guard let deadline, let total = options.totalTimeout else { return (options.requestTimeout, .request) }
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { throw .timedOut(.total, url: url.absoluteString, after: total) }
        return remaining < options.requestTimeout ? (remaining, .total) : (options.requestTimeout, .request)
    }

    private func makeRequest(_ request: RegistrarRequest, url: URL, headers: [(name: String, value: String)]) -> HTTPClientRequest {
        var httpRequest = HTTPClientRequest(url: url.absoluteString)
        httpRequest.method = HTTPMethod(rawValue: request.method.uppercased())
        httpRequest.headers.add(name: "User-Agent", value: options.userAgent)
        var cookie = cookies.header
        if let credentialHeader {
            if credentialHeader.name.lowercased() == "cookie" {
                cookie = [credentialHeader.value, cookie].compactMap(\.self).joined(separator: "; ")
            } else {
                httpRequest.headers.add(name: credentialHeader.name, value: credentialHeader.value)
            }
        }
        if let cookie { httpRequest.headers.add(name: "Cookie", value: cookie) }
        for header in headers { httpRequest.headers.add(name: header.name, value: header.value) }
        if let body = request.encodedBody {
            httpRequest.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            httpRequest.body = .bytes(ByteBuffer(string: body))
        }
        return httpRequest
    }

    private func perform(_ request: HTTPClientRequest, within limit: Duration) async throws -> Response {
        let margin = TimeAmount.milliseconds(Self.milliseconds(limit) + 1000)
        let response = try await client.execute(request, timeout: margin, logger: logger)
        cookies.record(setCookie: response.headers["Set-Cookie"])
        let body = try await response.body.collect(upTo: Self.maximumPageBytes)
        return Response(status: Int(response.status.code), bytes: Array(body.readableBytesView))
    }

    /// Sorts a thrown error into cancellation (thrown) or a transient failure (returned).
    private func classify(_ error: any Error, limit: Duration) throws(FetchError) -> Attempt {
        if Task.isCancelled || error is CancellationError { throw .cancelled }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .cancelled:
                throw .cancelled
            case .connectTimeout, .deadlineExceeded, .readTimeout, .writeTimeout:
                return .transient(.timedOut(limit))
            default:
                break
            }
        }
        if let ioError = error as? IOError {
            return .transient(.connection(String(cString: strerror(ioError.errnoCode))))
        }
        // swift-nio-ssl's errors dump BoringSSL's internals and the source files they come from.
        if String(reflecting: type(of: error)).hasPrefix("NIOSSL.") {
            return .transient(.connection("the TLS handshake failed: the server may not speak HTTPS on that port (an http:// address?) or its certificate is not trusted"))
        }
        return .transient(.connection(ErrorText.firstLine(of: error)))
    }
}
