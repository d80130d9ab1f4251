/// How politely and patiently ``HTTPPageSource`` fetches.
public struct FetchOptions: Hashable, Sendable {
    /// The version this client reports in its User-Agent.
    public static let clientVersion = "0.1.0"

    /// Requests in flight to one host at a time.
    public var concurrencyPerHost: Int = 2
    /// The least time between the starts of two requests to one host.
    public var minimumInterval: Duration = .zero
    /// Retries after a server error, a broken connection or a time-out (never after a 4xx).
    public var retries: Int = 3
    /// The first back-off delay; each retry doubles it, with jitter.
    public var backoff: Duration = .milliseconds(500)
    /// The time one request may take, body included.
    public var requestTimeout: Duration = .seconds(30)
    /// The time all requests of this source may take, counted from its creation; `nil`: no limit.
    public var totalTimeout: Duration?
    /// Who to contact about this client (an e-mail or URL), shown in the User-Agent.
    public var contact: String?

    /// The defaults: 2 per host, no interval, 3 retries, 30 s per request, no total limit.
    public init() {}

    /// `campus-lookup/0.1.0 (ops@example.edu)`: an honest User-Agent.
    public var userAgent: String {
        let product = "campus-lookup/\(Self.clientVersion)"
        guard let contact, !contact.isEmpty else { return product }
        return "\(product) (\(contact))"
    }
}
