import CampusCore
import CampusLookup
import Foundation
import Hummingbird

/// `/search?q=`: one box for people, sections, courses and rooms. With `partial=1` only the
/// results (what the script puts under the box as you type).
extension WebApp {
    struct SearchView: Encodable, Sendable {
        struct Result: Encodable, Sendable {
            var kind: String
            var title: String
            var subtitle: String?
            var href: String
        }

        var frame: PageFrame
        var query: String
        var asked: Bool
        var results: [Result]
        var suggestions: [WebErrorMiddleware.ErrorPage.Suggestion]
        var hasSuggestions: Bool
        var summary: String
    }

    /// At most this many results on the page.
    static let searchLimit = 30

    @Sendable func searchPage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        let parameters = QueryParameters(request: request)
        let query = try parameters.text("q", maximumLength: 100)?.trimmingCharacters(in: .whitespaces) ?? ""
        var view = SearchView(frame: frame(query.isEmpty ? "Search" : "Search: \(query)", context, current: "/search"),
                              query: query, asked: !query.isEmpty, results: [], suggestions: [], hasSuggestions: false, summary: "")
        if !query.isEmpty {
            var found: Shown<SearchAnswer>?
            do {
                found = try service.search(query, kinds: [], term: nil, limit: Self.searchLimit, department: nil, affiliation: nil,
                                           as: context.caller, now: service.now())
            } catch {
                guard case .noMatch(_, _, let suggestions) = error else { throw error }
                view.summary = "No matches for \(query)."
                view.suggestions = suggestions.prefix(8).map { .init(text: $0, href: "/search" + PathSegment.query([("q", $0)])) }
                view.hasSuggestions = !view.suggestions.isEmpty
            }
            if let found {
                view.results = SearchShape(found).matches.map(Self.result)
                view.summary = view.results.count == 1 ? "1 match" : "\(view.results.count) matches"
            }
        }
        if parameters.values["partial"] == "1" {
            return try page(request, context, "search_results", view)
        }
        return try page(request, context, "search", view)
    }

    /// A match of the search's JSON shape (what the API answers the same caller) as a line of results.
    static func result(_ match: SearchMatchShape) -> SearchView.Result {
        let id = match.id
        let term = PathSegment.query([("term", match.term)])
        switch match.type {
        case "person":
            let detail = [id, match.detail].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
            return .init(kind: "Person", title: match.name ?? id, subtitle: detail, href: "/people/" + PathSegment.encoded(id))
        case "section":
            // The meetings in words (`MTRF 3:00pm-3:50pm in E104`); what the scraper could not read, as the registrar wrote it.
            let meetings = (match.section?.meetings ?? []).compactMap { meeting -> String? in
                guard let start = ClockTime(iso: meeting.start), let end = ClockTime(iso: meeting.end) else { return nil }
                return SectionView.whenText(days: meeting.days, start: start, end: end) + (meeting.room.map { " in \($0)" } ?? "")
            }
            return .init(kind: "Section", title: "\(id) \(match.name ?? "")", subtitle: meetings.isEmpty ? match.detail : meetings.joined(separator: "; "),
                         href: "/sections/" + PathSegment.encoded(id) + term)
        default:
            return .init(kind: "Room", title: id, subtitle: nil, href: "/rooms/" + PathSegment.encoded(id) + term)
        }
    }
}
