import CampusCore
import CampusLookup
import Foundation
import Hummingbird

/// `/`: my week: where to be now and next, today's classes, the week grid, every class of the
/// term, and my favorites with where they are now (where the policy lets me see).
extension WebApp {
    struct MeView: Encodable, Sendable {
        /// One meeting today.
        struct Today: Encodable, Sendable {
            var time: String
            var section: String
            var href: String
            var title: String
            var room: String?
            var roomHref: String?
        }

        struct FavoriteEntry: Encodable, Sendable {
            var username: String
            /// Their JSON shape: what the API shows the same caller.
            var person: PersonShape?
            var href: String
            var group: String
            var whereabouts: WhereaboutsView?
        }

        var frame: PageFrame
        var name: String
        var termName: String?
        var terms: TermChoiceView
        var whereabouts: WhereaboutsView?
        var todayName: String
        var today: [Today]
        /// Why no class meets today (`a break (2026-04-03 to 2026-04-06)`), when none does.
        var noClassesToday: String?
        var grid: WeekGridView?
        var sections: [SectionView]
        var favorites: [FavoriteEntry]
        /// `12 of 240 favorites`, when they fill more than one page.
        var favoritesCount: String?
        /// The next page of favorites, when there is one.
        var moreFavoritesHref: String?
        var scheduleHref: String
    }

    /// How many favorites the week's page lists at once.
    static let favoritesPerPage = 20

    @Sendable func mePage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let username = try member(context)
        let parameters = QueryParameters(request: request)
        let term = try parameters.text("term", maximumLength: 40)
        let paging = try Paging(limit: Self.favoritesPerPage, cursor: try parameters.text("favorites", maximumLength: 40))
        let now = service.now()
        let me = try service.me(term: term, as: context.caller, now: now)
        let favorites = try await service.favorites(group: nil, paging: paging, as: context.caller, now: now)
        let listed = favorites.answer
        let code = me.schedule?.term.code
        let weekday = me.weekday
        let view = MeView(
            frame: frame("My week", context, current: "/"),
            name: me.contact.card.person.name ?? username,
            termName: me.schedule?.term.name,
            terms: TermChoiceView(try service.heldTerms(as: context.caller), shown: code),
            whereabouts: WhereaboutsView(me.whereabouts, term: code),
            todayName: weekday.name,
            today: me.schedule.map { schedule in
                let query = PathSegment.query([("term", schedule.term.code.rawValue)])
                let meetings = me.today.flatMap { scheduled in
                    scheduled.section.schedule.meetings.filter { $0.days.contains(weekday) }.map { (scheduled.section, $0) }
                }
                return meetings.sorted { $0.1.start < $1.1.start }.map { section, meeting in
                    MeView.Today(
                        time: "\(meeting.start.twelveHour)-\(meeting.end.twelveHour)", section: section.id.rawValue,
                        href: "/sections/" + PathSegment.encoded(section.id.rawValue) + query, title: section.title,
                        room: meeting.room, roomHref: meeting.room.map { "/rooms/" + PathSegment.encoded($0) + query })
                }
            } ?? [],
            noClassesToday: me.noClassesToday?.description,
            grid: me.schedule.map { schedule in
                WeekGridView(schedule.gridMeetings, caption: "My week, \(schedule.term.name)", today: weekday) { label in
                    "/sections/" + PathSegment.encoded(label) + PathSegment.query([("term", schedule.term.code.rawValue)])
                }
            },
            sections: me.schedule.map { schedule in schedule.sections.map { SectionView($0.section, term: schedule.term.code, role: $0.role) } } ?? [],
            favorites: listed.statuses.map { status in
                MeView.FavoriteEntry(
                    username: status.favorite.username,
                    person: status.person.map { PersonShape($0).withholding(favorites.withheld(of: $0.username)) },
                    href: "/people/" + PathSegment.encoded(status.favorite.username), group: status.favorite.group,
                    whereabouts: WhereaboutsView(status.whereabouts, term: status.term?.code))
            },
            favoritesCount: listed.total > listed.statuses.count && !listed.statuses.isEmpty
                ? "\(listed.paging.offset + 1)-\(listed.paging.offset + listed.statuses.count) of \(listed.total) favorites" : nil,
            moreFavoritesHref: listed.next.map { "/" + PathSegment.query([("term", term), ("favorites", $0)]) + "#favorites-heading" },
            scheduleHref: "/people/" + PathSegment.encoded(username) + "/schedule" + PathSegment.query([("term", code?.rawValue)]))
        return try page(request, context, "me", view)
    }
}
