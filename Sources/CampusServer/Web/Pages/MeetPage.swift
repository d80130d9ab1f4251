import CampusCore
import CampusLookup
import Foundation
import Hummingbird

/// `/meet?members=&group=&me=on&for=&from=&to=&day-M=on...&term=&week=`: pick people or a favorites
/// group, with me (ticked on a new form); the coloured grid of who is busy, the best times with rooms free for them, and an
/// invitation to download for each. People I may not see are an error naming them.
extension WebApp {
    struct MeetView: Encodable, Sendable {
        struct Suggestion: Encodable, Sendable {
            struct Room: Encodable, Sendable {
                var room: String
                var href: String
                var seats: Int?
            }

            var number: Int
            var when: String
            var who: String
            var everyone: Bool
            var rooms: [Room]
            var invitationHref: String
        }

        var frame: PageFrame
        var members: String
        /// Whether "Include me" is ticked: on a new form, and on an asked one that ticked it.
        var includesMe: Bool
        var groups: [Choice]
        var hasGroups: Bool
        var lengths: [Choice]
        var days: [Choice]
        var from: String
        var to: String
        var week: String
        var asked: Bool
        var heading: String?
        var people: String?
        var grid: BusyGridView?
        var suggestions: [Suggestion]
        var notEnrolled: String?
        /// What was wrong with what the form asked, said above the form kept as filled in.
        var mistake: FormMistake?
    }

    /// What a meet form asks for, read from its query.
    struct MeetRequest {
        var members: [String]
        var group: String?
        /// The one asking (`me=on`), counted among the people unless named already.
        var me: String?
        var minutes: Int
        var days: [Weekday]
        var from: ClockTime
        var to: ClockTime
        var term: String?
        var week: String?

        /// - Parameter viewer: the username of the one asking.
        init(_ parameters: QueryParameters, viewer: String) throws {
            members = (try parameters.text("members", maximumLength: 1000) ?? "")
                .split(whereSeparator: { $0.isWhitespace || $0 == "," }).map { String($0).lowercased() }
            group = try parameters.text("group", maximumLength: 105)
            if let group { try CampusService.checkGroupReference(group) }
            me = parameters.values["me"] != nil ? viewer.lowercased() : nil
            minutes = try parameters.integer("for", in: 1...DurationText.maximumMinutes) ?? OverlayOptions.classHour
            let chosen = Weekday.allCases.filter { parameters.values["day-\($0.letter)"] != nil }
            days = chosen.isEmpty ? OverlayOptions.registrarWeek : chosen
            from = try Self.time(parameters, "from") ?? DailyWindow.registrarDay.start
            to = try Self.time(parameters, "to") ?? DailyWindow.registrarDay.end
            term = try parameters.text("term", maximumLength: 40)
            week = try parameters.text("week", maximumLength: 10)
        }

        private static func time(_ parameters: QueryParameters, _ name: String) throws -> ClockTime? {
            guard let text = try parameters.text(name, maximumLength: 10) else { return nil }
            guard let time = ClockText.read(typed: text) else {
                throw CampusError.invalidParameter(name: name, detail: "'\(text)' is not a time such as 8:00 or 17:00")
            }
            return time
        }

        /// The people asked for: usernames, then `@group`; none, the form is new.
        var named: [String] { members + (group.map { ["@" + $0] } ?? []) }

        /// The people to meet: me first (when asked and not named already), then ``named``.
        var usernames: [String] {
            guard let me, !members.contains(me) else { return named }
            return [me] + named
        }

        func options() throws -> OverlayOptions {
            guard let window = DailyWindow(start: from, end: to) else {
                throw CampusError.invalidParameter(name: "to", detail: "the day must end after it starts (\(from.twelveHour))")
            }
            guard minutes <= window.minutes else {
                throw CampusError.invalidParameter(name: "for", detail: "a meeting of \(DurationText.text(minutes)) does not fit in \(window)")
            }
            var week: CalendarDate?
            if let text = self.week {
                guard let date = CalendarDate(iso: text) else { throw CampusError.invalidParameter(name: "week", detail: "'\(text)' is not a date such as 2026-03-30") }
                week = date
            }
            return OverlayOptions(days: days, window: window, minimumMinutes: minutes, maximumMembers: 50, week: week)
        }
    }

    @Sendable func meetPage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let viewer = try member(context)
        let parameters = QueryParameters(request: request)
        let asked = try MeetRequest(parameters, viewer: viewer)
        let now = service.now()
        let shared = try await service.groupsShared(as: context.caller).map { (value: "\($0.owner)/\($0.name)", label: "\($0.name) (\($0.owner)'s)") }
        let own = Set(try await service.keptFavorites(as: context.caller).map(\.group)).sorted().map { (value: $0, label: $0) }
        let groups = own + shared
        var view = MeetView(
            frame: frame("Meet", context, current: "/meet"), members: asked.members.joined(separator: " "),
            includesMe: asked.named.isEmpty || asked.me != nil, groups: groups.map { .init(value: $0.value, label: $0.label, selected: $0.value == asked.group) }, hasGroups: !groups.isEmpty,
            lengths: Choice.lengths(selected: asked.minutes), days: Choice.days(selected: Set(asked.days)),
            from: asked.from.iso, to: asked.to.iso, week: asked.week ?? "", asked: !asked.named.isEmpty, suggestions: [])
        guard !asked.named.isEmpty else { return try page(request, context, "meet", view) }
        let answer: MeetAnswer
        do {
            answer = try await service.meet(usernames: asked.usernames, term: asked.term, options: try asked.options(), top: 5, roomsEach: 3,
                                            as: context.caller, now: now)
        } catch let error as CampusError {
            guard let mistake = FormMistake(error) else { throw error }
            view.asked = false
            view.mistake = mistake
            return try page(request, context, "meet", view, status: .init(code: ProblemShape(error).status))
        }
        let overlay = answer.overlay
        let count = overlay.overlay.members.count
        let names = overlay.overlay.members.map { overlay.people[$0.id]?.name ?? $0.id }
        view.heading = "\(count) \(count == 1 ? "person" : "people"), \(DurationText.text(answer.minutes)), \(overlay.term.name)"
        view.people = names.joined(separator: ", ")
        view.notEnrolled = overlay.notEnrolled.isEmpty ? nil : "No classes this term, counted as free: \(overlay.notEnrolled.joined(separator: ", "))."
        view.grid = BusyGridView(overlay.overlay, names: overlay.people.compactMapValues(\.name), caption: "Who is busy when")
        let termQuery = PathSegment.query([("term", overlay.term.code.rawValue)])
        view.suggestions = answer.suggestions.enumerated().map { index, suggestion in
            MeetView.Suggestion(
                number: index + 1, when: suggestion.meeting.summary,
                who: suggestion.busy.isEmpty ? "Everyone is free (until \(suggestion.slot.end.twelveHour))"
                    : "\(suggestion.freeCount) of \(count) free; busy: \(suggestion.busy.joined(separator: ", "))",
                everyone: suggestion.busy.isEmpty,
                rooms: suggestion.rooms.map { .init(room: $0.room, href: "/rooms/" + PathSegment.encoded($0.room) + termQuery, seats: $0.capacity) },
                invitationHref: "/meet/invitation.ics" + Self.query(of: request, adding: ("invite", String(index + 1))))
        }
        return try page(request, context, "meet", view)
    }

    /// `/meet/invitation.ics?...&invite=N`: the invitation to the Nth time, organized by me.
    @Sendable func meetInvitation(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let viewer = try member(context)
        let parameters = QueryParameters(request: request)
        let asked = try MeetRequest(parameters, viewer: viewer)
        guard !asked.named.isEmpty else { throw CampusError.invalidParameter(name: "members", detail: "give the people to meet") }
        let number = try parameters.integer("invite", in: 1...5) ?? 1
        let now = service.now()
        let answer = try await service.meet(usernames: asked.usernames, term: asked.term, options: try asked.options(), top: 5, roomsEach: 3,
                                            as: context.caller, now: now)
        let ics = try service.invitation(number, of: answer, title: nil, as: context.caller, now: now)
        return try download(request, context, ics, type: "text/calendar", filename: "meeting.ics")
    }
}
