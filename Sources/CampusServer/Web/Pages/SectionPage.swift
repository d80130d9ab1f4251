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
        var comments: String?
        var crossListed: String?
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
        let view = SectionPageView(
            frame: frame("\(id.rawValue) \(section.title)", context), termName: answer.term.name, section: shown, sections: [shown],
            crn: section.crn, credits: section.credits, comments: section.comments,
            crossListed: section.crossListedWith.isEmpty ? nil : section.crossListedWith.map(\.rawValue).joined(separator: ", "),
            rosterHref: access == nil ? nil : shown.rosterHref)
        return try page(request, "section", view)
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
