import CampusCore
import CampusLookup
import Foundation
import Hummingbird

/// `/sections/{id}?term=`: one section: who teaches it, when and where, how full, its final,
/// and the way to its roster.
extension WebApp {
    struct SectionPageView: Encodable, Sendable {
        var frame: PageFrame
        var termName: String
        var section: SectionView
        var sections: [SectionView]
        var crn: String?
        var credits: Int?
        /// The registrar's comments, the sections it cross-lists with linked where it names them.
        var comments: [CommentPart]
        /// Sections cross-listed that the comments do not name as written (`CSSE 490-01`), linked.
        var crossListed: [CommentPart]
        var hasComments: Bool
        var hasCrossListed: Bool
        /// The roster, offered only to whom the policy shows it (whole, or names and e-mail).
        var rosterHref: String?
    }

    @Sendable func sectionPage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        let id = try sectionID(context)
        let term = try QueryParameters(request: request).text("term", maximumLength: 40)
        let answer = try service.course(id.rawValue, term: term, as: context.caller, now: service.now())
        guard let section = answer.sections.first(where: { $0.id == id }) else {
            throw CampusError.noMatch(what: "section in \(answer.term.name)", query: id.rawValue, suggestions: answer.sections.map(\.id.rawValue))
        }
        let shown = SectionView(section, term: answer.term.code)
        let access = try service.rosterAccess(ofSection: id, term: answer.term.code, as: context.caller)
        let comments = CommentPart.linking(section.comments ?? "", section.crossListedWith, term: answer.term.code)
        let unnamed = section.crossListedWith.filter { !(section.comments ?? "").contains($0.rawValue) }.enumerated().map { index, id in
            CommentPart(text: id.rawValue, href: CommentPart.href(id, term: answer.term.code), separator: index > 0)
        }
        let view = SectionPageView(
            frame: frame("\(id.rawValue) \(section.title)", context), termName: answer.term.name, section: shown, sections: [shown],
            crn: section.crn, credits: section.credits, comments: comments, crossListed: unnamed,
            hasComments: !comments.isEmpty, hasCrossListed: !unnamed.isEmpty,
            rosterHref: access == nil ? nil : shown.rosterHref)
        return try page(request, context, "section", view)
    }

    /// A run of a section's comments: plain text, or a section id linked to its page.
    struct CommentPart: Encodable, Sendable {
        /// A section id and its page.
        struct Link: Encodable, Sendable {
            var text: String
            var href: String
        }

        var text: String
        var link: Link?
        /// Whether a `, ` goes before it (in a list of links).
        var separator = false

        init(text: String, href: String? = nil, separator: Bool = false) {
            self.text = text
            link = href.map { Link(text: text, href: $0) }
            self.separator = separator
        }

        /// `text` cut where it names one of `sections`, each such id linked.
        static func linking(_ text: String, _ sections: [SectionID], term: TermCode) -> [CommentPart] {
            var parts: [CommentPart] = []
            var rest = Substring(text)
            while let (range, id) = sections.compactMap({ id in rest.range(of: id.rawValue).map { ($0, id) } })
                .min(by: { $0.0.lowerBound < $1.0.lowerBound }) {
                if range.lowerBound > rest.startIndex { parts.append(CommentPart(text: String(rest[..<range.lowerBound]))) }
                parts.append(CommentPart(text: id.rawValue, href: href(id, term: term)))
                rest = rest[range.upperBound...]
            }
            if !rest.isEmpty { parts.append(CommentPart(text: String(rest))) }
            return parts
        }

        static func href(_ id: SectionID, term: TermCode) -> String {
            "/sections/" + PathSegment.encoded(id.rawValue) + PathSegment.query([("term", term.rawValue)])
        }
    }

    /// The `{id}` of a section's address, as a section id.
    func sectionID(_ context: CampusRequestContext) throws -> SectionID {
        let text = try context.parameters.text("id", maximumLength: 20)
        guard let id = SectionID(text.uppercased()) else {
            throw CampusError.invalidParameter(name: "id", detail: "'\(text)' is not a section id such as CSSE474-02")
        }
        return id
    }
}
