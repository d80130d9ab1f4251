import AsyncHTTPClient
import Foundation
import NIOHTTP1

/// A browser as far as signing in needs one, over real HTTP: a cookie jar per host (each
/// cookie's `Domain` and `Path` ignored, `Max-Age=0` honoured), redirects and a page's
/// `<meta http-equiv="refresh">` followed on request.
struct TestBrowser {
    private var jar: [String: [String: String]] = [:]
    /// Where the last answer came from.
    private(set) var location = ""

    /// One exchange with `url` (absolute, or a path of the last place), with the jar's cookies
    /// for its host and a form body when given.
    mutating func go(_ method: HTTPMethod = .GET, _ url: String, form: [(String, String)]? = nil) async throws -> ServerAnswer {
        let absolute = try resolved(url)
        guard let components = URLComponents(string: absolute), let scheme = components.scheme, let host = components.host else {
            throw URLError(.badURL)
        }
        let origin = "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
        let path = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
            + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        var headers: [(String, String)] = []
        if let cookies = jar[host], !cookies.isEmpty {
            headers.append(("Cookie", cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")))
        }
        var body: [UInt8]?
        if let form {
            headers.append(("Content-Type", "application/x-www-form-urlencoded"))
            headers.append(("Origin", origin))
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._*"))
            body = Array(form.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&").utf8)
        }
        let answer = try await LiveServer.exchange(baseURL: origin, method, path, headers: headers, body: body)
        for line in answer.headers["Set-Cookie"] {
            let pair = line.split(separator: ";").first.map(String.init) ?? ""
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals]).trimmingCharacters(in: .whitespaces), value = String(pair[pair.index(after: equals)...])
            if line.lowercased().contains("max-age=0") || value.isEmpty { jar[host, default: [:]][name] = nil } else { jar[host, default: [:]][name] = value }
        }
        location = absolute
        return answer
    }

    /// `go`, then every redirect and refresh after it, as a browser follows them (a GET each); the last answer.
    mutating func follow(_ method: HTTPMethod = .GET, _ url: String, form: [(String, String)]? = nil, limit: Int = 10) async throws -> ServerAnswer {
        var answer = try await go(method, url, form: form)
        var hops = 0
        while let next = Self.onward(answer), hops < limit {
            answer = try await go(.GET, next)
            hops += 1
        }
        return answer
    }

    /// Where a browser goes on to by itself after `answer`: its redirect, or its page's refresh.
    static func onward(_ answer: ServerAnswer) -> String? {
        if (300..<400).contains(answer.status) { return answer.header("Location") }
        guard answer.status == 200, let refresh = answer.text.firstMatch(of: /<meta http-equiv="refresh" content="0;url=([^"]+)">/) else { return nil }
        return String(refresh.1).replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The value the jar holds for cookie `name` of `host`.
    func cookie(_ name: String, host: String) -> String? {
        jar[host]?[name]
    }

    /// Sets the cookie `name` of `host`, as a browser that kept it would send it.
    mutating func set(_ name: String, _ value: String, host: String) {
        jar[host, default: [:]][name] = value
    }

    /// Forgets the cookie `name` of `host`: another browser, as far as it goes.
    mutating func forget(_ name: String, host: String) {
        jar[host]?[name] = nil
    }

    private func resolved(_ url: String) throws -> String {
        if url.hasPrefix("http://") || url.hasPrefix("https://") { return url }
        guard let base = URL(string: location), let absolute = URL(string: url, relativeTo: base)?.absoluteString else { throw URLError(.badURL) }
        return absolute
    }
}
