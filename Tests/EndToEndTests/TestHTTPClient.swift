import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests to a `campus serve` under test, from a client that keeps no cookies: each request is
/// only who its token says (URLSession's shared client would send a log-in's cookie with every
/// later request).
enum TestHTTPClient {
    /// A client that keeps no cookies; `connections` per host when given (a load's workers), a
    /// minute before a request is given up.
    static func session(connections: Int? = nil) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        if let connections { configuration.httpMaximumConnectionsPerHost = connections }
        configuration.timeoutIntervalForRequest = 60
        return URLSession(configuration: configuration)
    }

    private static let shared = session()

    /// `method url` with a bearer `token`, a JSON or a form body, over `session`; the status and the body.
    static func send(
        _ url: String, method: String = "GET", token: String? = nil, json: [String: Any]? = nil, form: String? = nil,
        over session: URLSession = shared
    ) async throws -> (status: Int, data: Data) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
        }
        if let form {
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(form.utf8)
        }
        let (data, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}
