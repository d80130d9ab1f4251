import AsyncHTTPClient
import Foundation
import Logging

/// Fetches pages from the live registrar over HTTP(S), politely: a limit on
/// requests in flight per host, a minimum interval between them, retries
/// with jittered back-off on server errors, broken connections and time-outs,
/// and an honest User-Agent. Cookies an answer sets are sent back on later
/// requests (a Banner session). Call ``shutdown()`` when done.
///
/// ```swift
/// let source = try HTTPPageSource(
///     baseURL: URL(string: "https://prodweb.rose-hulman.edu")!, definition: definition,
///     credential: .basic(username: "alice", password: .file(path: "/home/alice/.config/campus/registrar.password")))
/// defer { Task { await source.shutdown() } }
/// let page = try await source.fetch(.termList)
/// ```
public final class HTTPPageSource: PageSource {
    /// The registrar's base URL; request paths are below it.
    public let baseURL: URL
    public var location: String { baseURL.absoluteString }

    /// Turns lookups into requests (reg-sched.pl); `nil` for a family whose crawl plan
    /// makes its own requests and sends them with ``send(_:headers:lookup:)``.
    let definition: RegistrarDefinition?
    let credential: RegistrarCredential?
    let credentialHeader: (name: String, value: String)?
    let options: FetchOptions
    let client: HTTPClient
    let limiter: HostLimiter
    let deadline: ContinuousClock.Instant?
    let logger: Logger
    let cookies = CookieJar()

    /// Creates a source and reads the credential's secret once.
    ///
    /// - Parameters:
    ///   - baseURL: The registrar's base URL (`https://host` or `https://host/prefix`).
    ///   - definition: Turns lookups into requests.
    ///   - credential: How to sign in; `nil` for an open registrar.
    ///   - options: Limits, retries and time-outs; the total time-out counts from now.
    ///   - environment: Where environment-variable credentials are looked up.
    ///   - logger: Receives one line per request (never a header or secret).
    /// - Throws: ``FetchError/credentialsUnavailable(source:reason:)`` when the secret cannot be read.
    public init(
        baseURL: URL, definition: RegistrarDefinition?, credential: RegistrarCredential? = nil,
        options: FetchOptions = FetchOptions(),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(label: "campus.registrar.http")
    ) throws(FetchError) {
        self.baseURL = baseURL
        self.definition = definition
        self.credential = credential
        self.credentialHeader = try credential?.header(environment: environment)
        self.options = options
        self.limiter = HostLimiter(concurrency: options.concurrencyPerHost, minimumInterval: options.minimumInterval)
        self.deadline = options.totalTimeout.map { ContinuousClock.now + $0 }
        self.logger = logger
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            timeout: .init(connect: .milliseconds(Self.milliseconds(options.requestTimeout))))
        configuration.httpVersion = .http1Only
        // A refused connection fails the attempt at once; fetch(_:) retries with its own back-off.
        configuration.connectionPool.retryConnectionEstablishment = false
        self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Closes the HTTP client's connections. Call once, after the last fetch.
    public func shutdown() async {
        do {
            try await client.shutdown()
        } catch {
            logger.warning("Closing the HTTP client failed: \(error)")
        }
    }

    public func fetch(_ lookup: Lookup) async throws(FetchError) -> FetchedPage {
        // A source made for a Banner crawl plan has no reg-sched.pl requests to make.
        guard let definition else { throw .pageMissing(lookup: lookup, location: location) }
        return try await send(definition.request(for: lookup), lookup: lookup)
    }

    /// Sends `request` with the source's politeness, retries, credential and cookies, and
    /// `headers` besides (Banner 9's `X-Synchronizer-Token`); the answer is filed as `lookup`.
    ///
    /// - Throws: ``FetchError/pageMissing(lookup:location:)`` for a 404, other ``FetchError``
    ///   cases when the answer cannot be had.
    public func send(
        _ request: RegistrarRequest, headers: [(name: String, value: String)] = [], lookup: Lookup
    ) async throws(FetchError) -> FetchedPage {
        let url = request.url(relativeTo: baseURL)
        let host = url.host ?? baseURL.host ?? "registrar"
        let backoff = Backoff(base: options.backoff)
        var attempts = 0
        while true {
            attempts += 1
            let outcome = try await limiter.withSlot(for: host) { () async throws(FetchError) -> Attempt in
                try await self.attempt(request, url: url, headers: headers)
            }
            switch outcome {
            case .page(let bytes):
                return FetchedPage(source: url.absoluteString, lookup: lookup, bytes: bytes, fetchedAt: Date())
            case .missing:
                throw .pageMissing(lookup: lookup, location: url.absoluteString)
            case .transient(let failure):
                guard attempts <= options.retries else {
                    throw failure.error(url: url.absoluteString, attempts: attempts)
                }
                let delay = backoff.delay(beforeRetry: attempts)
                logger.info("\(failure) from \(url.absoluteString); retry \(attempts) of \(options.retries) in \(Self.milliseconds(delay)) ms")
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    throw .cancelled
                }
            }
        }
    }

    /// Forgets the session's cookies: the next request starts a new session.
    public func endSession() {
        cookies.clear()
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
