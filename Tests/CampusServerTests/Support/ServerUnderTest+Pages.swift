import CampusLookup
import Foundation
import NIOHTTP1

/// The web app's side of a test server, as a browser uses it: the session cookie, forms
/// posted with their token and this site's `Origin`.
extension ServerUnderTest {
    /// Fetches a page as a browser with the session `session` would (no redirect followed).
    func page(_ path: String, session: String? = nil, headers: [(String, String)] = []) async throws -> ServerAnswer {
        var all = headers
        if let session { all.append(("Cookie", "campus_session=\(session)")) }
        return try await send(.GET, path, headers: all)
    }

    /// Posts a form: its fields URL-encoded, the session's form token added unless `csrf` says
    /// otherwise, with this site's `Origin` unless `origin` says otherwise.
    func post(
        _ path: String, _ fields: [(String, String)], session: String? = nil, csrf: String? = nil, origin: String? = nil,
        cookies: [String] = []
    ) async throws -> ServerAnswer {
        var fields = fields
        if let token = csrf ?? session.map({ FormToken.of(session: $0) }) { fields.append(("csrf", token)) }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let body = fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.1)" }.joined(separator: "&")
        var headers = [("Content-Type", "application/x-www-form-urlencoded")]
        headers.append(("Origin", origin ?? baseURL))
        let jar = cookies + (session.map { ["campus_session=\($0)"] } ?? [])
        if !jar.isEmpty { headers.append(("Cookie", jar.joined(separator: "; "))) }
        return try await send(.POST, path, body: body, headers: headers)
    }
}

extension ServerAnswer {
    /// The text of the page with its tags taken out and white space squeezed, as a person reads it.
    var readable: String {
        text.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The value of the cookie `name` this answer sets, when it sets one.
    func setCookie(_ name: String) -> String? {
        headers["Set-Cookie"].first { $0.hasPrefix(name + "=") }
    }
}
