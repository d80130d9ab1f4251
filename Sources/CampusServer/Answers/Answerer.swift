import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

/// Makes a route's response: the type negotiated from `Accept` (406 when none fits), an
/// `ETag` from the index's generation and the request (a matching `If-None-Match` gets 304
/// before any lookup runs), and the caching headers; ``CompressionMiddleware`` compresses it.
struct Answerer: Sendable {
    let service: CampusService
    /// What else the answers depend on: the policy in force.
    let policyTag: String

    /// Answers a lookup whose result depends only on the index and the caller.
    ///
    /// - Parameters:
    ///   - offered: the types the answer comes in, preferred first.
    ///   - make: the answer in the chosen type.
    func lookup(
        _ request: Request, _ context: CampusRequestContext, offering offered: [String] = ["application/json"],
        make: (String) async throws -> AnswerBody
    ) async throws -> Response {
        try await lookup(request, context, offering: offered, consents: "") { type in (try await make(type), "") }
    }

    /// Answers a lookup of a person's classes, which depends on the consents of theirs that
    /// reach the caller too: one given or revoked is a new answer, never a 304. The consents
    /// are looked up before the answer only to check a validator the request holds; else the
    /// answer's own tag names those it was made under.
    ///
    /// - Parameters:
    ///   - subject: the person asked about.
    ///   - make: the answer in the chosen type, and the consents it was made under (``Shown/consents``).
    func lookup(
        _ request: Request, _ context: CampusRequestContext, offering offered: [String] = ["application/json"], consentsOf subject: String,
        make: (String) async throws -> (AnswerBody, consents: String)
    ) async throws -> Response {
        let held = request.headers[.ifNoneMatch] != nil && context.caller.isMember
        let consents = held ? try await service.consentTag(of: subject, as: context.caller) : nil
        return try await lookup(request, context, offering: offered, consents: consents, make: make)
    }

    /// `consents`: those the answer is expected to be made under, when known before it is made.
    private func lookup(
        _ request: Request, _ context: CampusRequestContext, offering offered: [String], consents: String?,
        make: (String) async throws -> (AnswerBody, consents: String)
    ) async throws -> Response {
        let chosen = try negotiate(request, offered)
        let version = try service.indexVersion()
        // Only this caller can hold this tag (it is keyed by a secret of this process and names
        // them): a match means they were given this very answer, so nothing is disclosed anew.
        if let consents, context.caller.isMember, let given = request.headers[.ifNoneMatch],
           case let tag = etag(request, context, type: chosen, generation: version.generation, consents: consents), Self.matches(given, tag) {
            return Response(status: .notModified, headers: cachingHeaders(etag: tag))
        }
        let (body, madeUnder) = try await make(chosen)
        var headers = cachingHeaders(etag: etag(request, context, type: chosen, generation: version.generation, consents: madeUnder))
        headers[.lastModified] = HTTPDate.text(version.changedAt)
        return try respond(body, status: .ok, headers: headers, to: request, context)
    }

    /// Answers what depends on what people keep (favorites, shares, sessions): never cached.
    func uncached(
        _ request: Request, _ context: CampusRequestContext, offering offered: [String] = ["application/json"], status: HTTPResponse.Status = .ok,
        make: (String) async throws -> AnswerBody
    ) async throws -> Response {
        let chosen = try negotiate(request, offered)
        return try respond(await make(chosen), status: status, headers: [.cacheControl: "no-store"], to: request, context)
    }

    /// The type of `offered` the request prefers.
    func negotiate(_ request: Request, _ offered: [String]) throws -> String {
        guard let chosen = Negotiation.choose(offered, accept: request.headers[.accept]) else { throw HTTPProblem.notAcceptable(offered: offered) }
        return chosen
    }

    /// The body as a response to `request`, in its type, with `status` and `headers`.
    func respond(
        _ body: AnswerBody, status: HTTPResponse.Status, headers: HTTPFields, to request: Request, _ context: CampusRequestContext
    ) throws -> Response {
        try body.response(from: request, context: context).with(status: status, headers: headers)
    }

    private func cachingHeaders(etag: String) -> HTTPFields {
        [.eTag: etag, .cacheControl: "private, no-cache", .vary: "Accept, Accept-Encoding, Authorization, Cookie"]
    }

    /// A strong validator of what the answer is made from: the index's generation, the policy,
    /// who asks, the path and query, the type and whether it may come gzip-compressed (another
    /// content coding is another representation), keyed by ``tagKey``. A HEAD request comes here
    /// as the GET it stands for (``CompressionMiddleware``), and is tagged as that GET.
    private func etag(_ request: Request, _ context: CampusRequestContext, type: String, generation: Int64, consents: String) -> String {
        let coding = CompressionMiddleware.acceptsGzip(request.headers[.acceptEncoding]) ? "gzip" : "identity"
        let parts = [Self.tagKey, String(generation), policyTag, context.caller.username ?? "-", request.method.rawValue,
                     request.uri.path, request.uri.query ?? "", type, coding, consents]
        return "\"" + FNV.hex(parts.joined(separator: "\u{1F}")) + "\""
    }

    /// A secret of this process in every tag, so that no one can make up the tag of an answer
    /// they were never given.
    static let tagKey = RequestIDMiddleware.fresh()

    /// Whether `If-None-Match` names `tag`; weak forms compare equal. `*` never matches: it would
    /// answer 304 for what the caller may not see or what does not exist.
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == tag || trimmed == "W/" + tag
        }
    }

}

/// `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 9110 5.6.7), written by hand: every lookup's
/// `Last-Modified` carries one, and Foundation's date styles cost more than the lookup.
enum HTTPDate {
    static func text(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : -((86_399 - seconds) / 86_400)
        let within = seconds - days * 86_400
        let calendar = CalendarDate(dayNumber: days)
        let weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][calendar.weekday.rawValue - 1]
        let month = calendar.monthAbbreviation
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekday), \(two(calendar.day)) \(month) \(calendar.year) \(two(within / 3600)):\(two(within % 3600 / 60)):\(two(within % 60)) GMT"
    }
}
