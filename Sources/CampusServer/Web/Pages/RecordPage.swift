import CampusCore
import CampusLookup
import Foundation
import Hummingbird

/// `/record`: who saw my records (my schedule, history, a feed I shared, the rosters of
/// my sections), when, and under which rule: the record of disclosures, filtered to me.
extension WebApp {
    struct RecordView: Encodable, Sendable {
        struct Entry: Encodable, Sendable {
            var when: String
            var viewer: String
            var what: String
            var rule: String
        }

        var frame: PageFrame
        var entries: [Entry]
        var total: Int
        /// The next page's address, when there is one.
        var next: String?
    }

    @Sendable func recordPage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let paging = try QueryParameters(request: request).paging()
        let me = try member(context)
        let found = try await service.myDisclosures(limit: paging.limit, offset: paging.offset, as: context.caller)
        let view = RecordView(
            frame: frame("Who saw my records", context),
            entries: found.items.map { disclosure in
                RecordView.Entry(
                    when: when(disclosure.at), viewer: Self.viewer(disclosure.viewer), what: Self.describe(disclosure, me: me), rule: disclosure.rule)
            },
            total: found.total,
            next: paging.next(total: found.total).map { "/record" + Self.query(of: request, adding: ("cursor", $0)) })
        return try page(request, context, "record", view)
    }

    /// Who saw it, as people read it: a username, the shared link it went out by, or someone
    /// the directory does not list to me.
    private static func viewer(_ viewer: String) -> String {
        if viewer.hasPrefix(CampusService.sharedLinkViewer) { return "someone holding a shared calendar link" }
        return viewer == CampusService.unlistedViewer ? "someone the directory does not list" : viewer
    }

    /// Which record it was: `My schedule (202630)`, `The roster of CSSE474-01 (202630)`, `My week
    /// in a calendar valer shared (202630)`.
    private static func describe(_ disclosure: Disclosure, me: String) -> String {
        let term = disclosure.term.map { " (\($0))" } ?? ""
        switch disclosure.record {
        case .schedule: return "My schedule" + term
        case .history: return "My history of classes"
        case .roster: return "The roster of \(disclosure.subject)" + term
        case .feed: return (disclosure.rule == CampusService.sharedLinkRule(owner: me) ? "A calendar I shared" : "My week in a calendar someone else shared") + term
        }
    }
}
