import Hummingbird

/// This site's own origin, for telling a request from its own pages from one another site made
/// a browser send: the configured public URL's, else the request's own `Host`.
struct SiteOrigin: Sendable {
    /// `https://campus.example.edu/campus`, when a public URL is configured: how links start.
    let publicURL: String?
    /// `https://campus.example.edu`, the public URL's origin.
    let publicOrigin: String?
    /// Whether the server itself speaks HTTPS.
    let https: Bool

    /// Whether the request's `Origin` is this server's (a request without one is not).
    func isSameOrigin(_ request: Request) -> Bool {
        guard let origin = request.headers[.origin] else { return false }
        if let publicOrigin { return origin == publicOrigin }
        guard let host = request.head.authority else { return false }
        return origin == "https://\(host)" || origin == "http://\(host)"
    }

    /// How this site's links start: the public URL, else the request's own scheme and host.
    func base(of request: Request) -> String {
        if let publicURL { return publicURL }
        return (https ? "https://" : "http://") + (request.head.authority ?? "localhost")
    }

    /// The address of a shared calendar feed by its token.
    func feedURL(_ token: String, for request: Request) -> String {
        base(of: request) + "/v1/feeds/\(token).ics"
    }
}
