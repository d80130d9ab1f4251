/// Why a page could not be had. Each message says what went wrong, where,
/// and what a person can do about it; none ever contains a secret.
public enum FetchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which time limit ran out.
    public enum TimeLimit: String, Hashable, Sendable {
        /// The limit on one request.
        case request
        /// The limit on the whole crawl.
        case total
    }

    /// No connection could be made to `url`.
    case unreachable(url: String, reason: String)
    /// The registrar answered 401 or 403; `credential` is what was sent (`nil`: nothing was).
    case credentialsRefused(url: String, status: Int, credential: RegistrarCredential?)
    /// The secret could not be read from where the configuration says it is.
    case credentialsUnavailable(source: String, reason: String)
    /// The registrar kept answering with a server error.
    case serverError(url: String, status: Int, attempts: Int)
    /// The registrar refused the request itself (a 4xx other than 401, 403 and 404).
    case rejected(url: String, status: Int)
    /// A time limit ran out.
    case timedOut(TimeLimit, url: String, after: Duration)
    /// The page is not there: a 404, or no such saved file.
    case pageMissing(lookup: Lookup, location: String)
    /// The saved page is there but cannot be read.
    case unreadable(path: String, reason: String)
    /// The fetch was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .unreachable(let url, let reason):
            "Cannot reach the registrar at \(url) (\(reason)). Check the URL and the network."
        case .credentialsRefused(let url, let status, let credential?):
            "The registrar refused the credentials (HTTP \(status)) for \(url). Sent: \(credential). "
                + "To fix: \(credential.remedy)."
        case .credentialsRefused(let url, let status, nil):
            "The registrar asks for credentials (HTTP \(status)) at \(url), but none are configured. "
                + "Configure a password file or session-cookie file (or environment variable)."
        case .credentialsUnavailable(let source, let reason):
            "Cannot read the registrar credentials from \(source): \(reason)."
        case .serverError(let url, let status, let attempts):
            "The registrar answered HTTP \(status) for \(url) \(attempts) times in a row; try again later."
        case .rejected(let url, let status):
            "The registrar rejected the request \(url) with HTTP \(status); check the registrar definition."
        case .timedOut(.request, let url, let after):
            "No complete answer from \(url) within the request time limit of \(after)."
        case .timedOut(.total, let url, let after):
            "The crawl's total time limit of \(after) ran out while fetching \(url)."
        case .pageMissing(let lookup, let location):
            "No page for \(lookup) at \(location)."
        case .unreadable(let path, let reason):
            "The saved page \(path) cannot be read: \(reason)."
        case .cancelled:
            "The fetch was cancelled."
        }
    }
}
