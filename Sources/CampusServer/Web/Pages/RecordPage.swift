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
        _ = try member(context)
        let paging = try QueryParameters(request: request).paging()
        let found = try await service.myDisclosures(limit: paging.limit, offset: paging.offset, as: context.caller)
        let view = RecordView(
            frame: frame("Who saw my records", context),
            entries: found.items.map { disclosure in
                RecordView.Entry(when: when(disclosure.at), viewer: Self.viewer(disclosure.viewer), what: Self.describe(disclosure), rule: disclosure.rule)
            },
            total: found.total,
            next: paging.next(total: found.total).map { "/record" + Self.query(of: request, adding: ("cursor", $0)) })
        return try page(request, "record", view)
    }

    /// Who saw it, as people read it: a username, or the shared link it went out by.
    private static func viewer(_ viewer: String) -> String {
        viewer.hasPrefix("share:") ? "someone holding a link you shared" : viewer
    }

    /// Which record it was: `My schedule (202630)`, `The roster of CSSE474-01 (202630)`.
    private static func describe(_ disclosure: Disclosure) -> String {
        let term = disclosure.term.map { " (\($0))" } ?? ""
        switch disclosure.record {
        case .schedule: return "My schedule" + term
        case .history: return "My history of classes"
        case .roster: return "The roster of \(disclosure.subject)" + term
        case .feed: return "A calendar I shared" + term
        }
    }
}
