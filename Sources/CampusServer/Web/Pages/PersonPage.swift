import CampusCore
import CampusLookup
import Foundation
import Hummingbird

/// `/people/{username}`: the contact card (`tel:` and `mailto:` links, photo, vCard), a button
/// to keep them in my favorites, and their classes this term where the policy lets me see them.
extension WebApp {
    struct PersonView: Encodable {
        var frame: PageFrame
        /// The card's JSON shape: what the API shows the same caller.
        var card: ContactShape
        var name: String
        var telHref: String?
        var photoHref: String?
        var vcardHref: String
        /// The favorites groups they are in (`favorites, lab`); `nil` when in none.
        var favoriteGroups: String?
        /// Every group of the viewer's, for choosing one to add to.
        var groups: [String]
        /// Their own card: nothing to keep.
        var isSelf: Bool
        var username: String
        var notice: String?
        var schedule: ScheduleBlock?
        /// `Schedule`, or `Teaching` when only what they teach (a listing) is shown.
        var scheduleHeading: String
        var scheduleWithheld: String?
        /// Their week is withheld and theirs to share: offer to ask them.
        var askable: Bool = false
    }

    /// A person's classes in one term, as the person page and the schedule page show them.
    struct ScheduleBlock: Encodable, Sendable {
        var termName: String
        var termCode: String
        var grid: WeekGridView
        var sections: [SectionView]
        var href: String?
        var icsHref: String?
    }

    @Sendable func personPage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let viewer = try member(context)
        let username = try context.parameters.text("username", maximumLength: 64).lowercased()
        let now = service.now()
        let shown = try await service.person(username, as: context.caller, now: now)
        let card = ContactShape(shown.answer).withholding(shown.withheld)
        let name = card.person.name ?? username
        let kept = try await service.keptFavorites(as: context.caller)
        let inGroups = kept.filter { $0.username == username }.map(\.group).sorted()
        let notices = ["added": "Added to your favorites.", "removed": "Removed from your favorites."]
        var view = PersonView(
            frame: frame(name, context), card: card, name: name, telHref: card.person.phone.flatMap(TelURI.of),
            photoHref: card.hasPhoto ? "/v1/people/\(PathSegment.encoded(username))/photo" : nil,
            vcardHref: "/people/\(PathSegment.encoded(username))/card.vcf",
            favoriteGroups: inGroups.isEmpty ? nil : inGroups.joined(separator: ", "),
            groups: Array(Set(kept.map(\.group) + [Favorite.defaultGroup])).sorted(), isSelf: username == viewer,
            username: username, notice: notices.first { QueryParameters(request: request).values[$0.key] == "1" }?.value,
            scheduleHeading: "Schedule")
        do {
            let schedule = try await service.schedule(of: username, term: nil, as: context.caller, now: now)
            view.schedule = scheduleBlock(schedule.answer, today: nil)
        } catch {
            switch error {
            case .forbidden(let policy, let rule, _, _, _):
                // What someone teaches is a listing anyone may see, even when their own week is not.
                if let teaching = try? service.teaching(of: username, term: nil, as: context.caller, now: now) {
                    view.schedule = scheduleBlock(teaching.answer, today: nil, whole: false)
                    view.scheduleHeading = "Teaching"
                } else {
                    view.scheduleWithheld = username == viewer ? nil
                        : "Their schedule is not shown to you: the \(policy) policy's \(rule) rule does not cover you, unless they share it with you."
                    view.askable = username != viewer
                }
            case .teachesNothing, .noMatch, .noTerms:
                view.scheduleWithheld = "No classes in any term the index holds."
            default:
                throw error
            }
        }
        return try page(request, context, "person", view)
    }

    /// `/people/{username}/card.vcf`: the vCard, to save to a phone's contacts.
    @Sendable func personCard(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        let username = try context.parameters.text("username", maximumLength: 64).lowercased()
        return try download(request, context, try await service.vCard(username, as: context.caller), type: "text/vcard", filename: "\(username).vcf")
    }

    /// `POST /favorites`: add (`action=add`) or remove a person of a group, then back to their page.
    @Sendable func changeFavorite(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        struct FavoriteForm: Decodable {
            var csrf: String?
            var username: String
            var group: String?
            var action: String?
        }
        _ = try member(context)
        let form = try await form(FavoriteForm.self, request, context)
        try checkForm(form.csrf, context)
        let group = form.group.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 } ?? Favorite.defaultGroup
        let username = form.username.lowercased()
        let back = "/people/" + PathSegment.encoded(username)
        if form.action == "remove" {
            // From every group they are in, unless the form names one.
            let kept = try await service.keptFavorites(as: context.caller)
            let groups = form.group.map { [$0] } ?? Set(kept.filter { $0.username == username }.map(\.group)).sorted()
            for group in groups { _ = try await service.removeFavorite(username, group: group, as: context.caller) }
            return redirect(to: back + "?removed=1")
        }
        _ = try await service.addFavorite(form.username, group: group, as: context.caller, now: service.now())
        return redirect(to: back + "?added=1")
    }

    /// The grid and sections of a schedule, linked to its pages.
    ///
    /// - Parameter whole: whether it is the person's whole week (else only what they teach: no link to their schedule).
    func scheduleBlock(_ answer: ScheduleAnswer, today: Weekday?, whole: Bool = true) -> ScheduleBlock {
        let code = answer.term.code.rawValue
        let owner = PathSegment.encoded(answer.person.username)
        let term = PathSegment.query([("term", code)])
        return ScheduleBlock(
            termName: answer.term.name, termCode: code,
            grid: WeekGridView(answer.gridMeetings, caption: "\(answer.person.name ?? answer.person.username), \(answer.term.name)", today: today) {
                "/sections/" + PathSegment.encoded($0) + term
            },
            sections: answer.sections.map { SectionView($0.section, term: answer.term.code, role: $0.role) },
            href: whole ? "/people/\(owner)/schedule\(term)" : nil, icsHref: whole ? "/people/\(owner)/schedule.ics\(term)" : nil)
    }
}
