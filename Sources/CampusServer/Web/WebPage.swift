import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

/// What every page's layout shows: its title, who is logged in, the session's form token,
/// the main navigation with the current page marked, and the assets' versioned addresses.
struct PageFrame: Encodable, Sendable {
    struct Link: Encodable, Sendable {
        var label: String
        var href: String
        var current: Bool
    }

    var title: String
    var username: String?
    var csrf: String?
    var nav: [Link]
    var css: String
    var js: String
    var policy: String
}

extension WebApp {
    /// The main navigation, by the `href` of each entry.
    static let navigation: [(label: String, href: String)] = [
        ("Me", "/"), ("Search", "/search"), ("Free rooms", "/rooms/free"), ("Meet", "/meet"), ("Friends", "/sharing"), ("Shares", "/shares"),
        ("Alerts", "/alerts"),
    ]

    /// The frame of a page titled `title`, with the navigation entry `current` marked.
    func frame(_ title: String, _ context: CampusRequestContext, current: String? = nil) -> PageFrame {
        PageFrame(
            title: title, username: context.caller.username, csrf: formToken(context),
            nav: Self.navigation.map { PageFrame.Link(label: $0.label, href: $0.href, current: $0.href == current) },
            css: WebAssets.url("app.css"), js: WebAssets.url("app.js"), policy: service.policy.name)
    }

    /// When, on the campus clock, as people read it (`Mon 30 Mar 2026, 10:07am`).
    func when(_ date: Date) -> String {
        guard let local = service.campusTime(date) else { return Timestamp.text(date) }
        return "\(local.weekday.name.prefix(3)) \(local.date.day) \(local.date.monthAbbreviation) \(local.date.year), \(local.clock.twelveHour)"
    }

    /// A page: the template rendered with `view`, as HTML that may load nothing but this
    /// site's own style sheet, script and images; never cached (it shows what one person may see).
    func page(
        _ request: Request, _ context: CampusRequestContext, _ template: String, _ view: some Encodable, status: HTTPResponse.Status = .ok,
        headers: HTTPFields = [:], postingTo origin: String? = nil, framedBy framer: String? = nil
    ) throws -> Response {
        var headers = headers
        var policy = Self.contentSecurityPolicy
        if let origin { policy = policy.replacingOccurrences(of: "form-action 'self'", with: "form-action 'self' \(origin)") }
        if let framer {
            // The IdP's single-logout page holds this one in a frame; browsers obey frame-ancestors over X-Frame-Options.
            policy = policy.replacingOccurrences(of: "frame-ancestors 'none'", with: "frame-ancestors \(framer)")
            headers[.xFrameOptions] = "SAMEORIGIN"
        }
        headers[.contentSecurityPolicy] = policy
        headers[.cacheControl] = "no-store"
        // Same-origin rather than no-referrer: a form posted under no-referrer carries `Origin: null`,
        // which the session's Origin check would refuse.
        headers[.referrerPolicy] = "same-origin"
        return try answerer.respond(.text(try WebTemplates.render(view, template), type: "text/html"), status: status, headers: headers, to: request, context)
    }

    /// Nothing but this site's own style sheet, script, images and fetches; forms post here only.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// The request's own query with `pair` set: a link to the same page asking a little more.
    static func query(of request: Request, adding pair: (String, String)) -> String {
        let kept = (request.uri.query ?? "").split(separator: "&").filter { !$0.hasPrefix(pair.0 + "=") }.map(String.init)
        return "?" + (kept + [pair.0 + "=" + pair.1]).joined(separator: "&")
    }

    /// A file to download, named `filename`; never cached.
    func download(_ request: Request, _ context: CampusRequestContext, _ text: String, type: String, filename: String) throws -> Response {
        try answerer.respond(
            .text(text, type: type), status: .ok,
            headers: [.contentDisposition: "attachment; filename=\"\(filename)\"", .cacheControl: "no-store"], to: request, context)
    }
}

/// A path segment of a page's address, percent-encoded.
enum PathSegment {
    static func encoded(_ text: String) -> String {
        escaped(text, allowed: pathAllowed)
    }

    /// A query string from `pairs`, leaving out empty values: `?term=202630&q=ann`.
    static func query(_ pairs: [(String, String?)]) -> String {
        let parts = pairs.compactMap { name, value -> String? in
            guard let value, !value.isEmpty else { return nil }
            return name + "=" + escaped(value, allowed: queryAllowed)
        }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }

    /// What a path segment holds as it is.
    private static let pathAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))
    /// What a query's value holds as it is.
    private static let queryAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#"))

    /// `text` with what `allowed` leaves out percent-encoded. Usernames, section ids, rooms and
    /// term codes are plain ASCII letters, digits, `-`, `.` and `_`, which every part of an
    /// address allows: those come back as they are without asking Foundation.
    private static func escaped(_ text: String, allowed: CharacterSet) -> String {
        if text.utf8.allSatisfy({ byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x2E || byte == 0x5F
        }) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
