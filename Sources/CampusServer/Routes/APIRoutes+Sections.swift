import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /v1/sections/{id}`: `{"term": {...}, "section": {...}}`.
struct SectionAnswerShape: Encodable, Sendable {
    var term: TermShape
    var section: SectionShape
}

extension APIRoutes {
    /// `GET /v1/courses/{idOrPrefix}?term=&limit=&cursor=`.
    @Sendable func course(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let query = try context.parameters.text("idOrPrefix", maximumLength: 20)
        let parameters = QueryParameters(request: request)
        let term = try parameters.text("term", maximumLength: 40)
        let paging = try parameters.paging()
        return try await answerer.lookup(request, context) { _ in
            .json(CourseShape(try service.course(query, term: term, as: context.caller, now: service.now()), paging: paging))
        }
    }

    /// `GET /v1/sections/{id}?term=`.
    @Sendable func section(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let id = try sectionID(context)
        let term = try QueryParameters(request: request).text("term", maximumLength: 40)
        return try await answerer.lookup(request, context) { _ in
            let answer = try service.course(id.rawValue, term: term, as: context.caller, now: service.now())
            guard let section = answer.sections.first(where: { $0.id == id }) else {
                throw CampusError.noMatch(what: "section in \(answer.term.name)", query: id.rawValue, suggestions: [])
            }
            return .json(SectionAnswerShape(term: TermShape(answer.term), section: SectionShape(section)))
        }
    }

    /// `GET /v1/sections/{id}/roster?term=&limit=&cursor=`: JSON, or `text/csv` (the registrar's roster download).
    @Sendable func roster(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let id = try sectionID(context)
        let parameters = QueryParameters(request: request)
        let term = try parameters.text("term", maximumLength: 40)
        let paging = try parameters.paging()
        return try await answerer.lookup(request, context, offering: ["application/json", "text/csv"]) { type in
            let shown = try await service.roster(ofSection: id.rawValue, term: term, as: context.caller, now: service.now())
            if type == "text/csv" {
                return .text(RosterCSV(shown.answer, withholding: shown.withheld).text, type: "text/csv")
            }
            return .json(RosterShape(shown.answer, withholding: shown.withheld, paging: paging))
        }
    }

    /// `GET /v1/rooms/{room}?term=&at=`.
    @Sendable func room(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let room = try context.parameters.text("room", maximumLength: 20)
        let parameters = QueryParameters(request: request)
        let term = try parameters.text("term", maximumLength: 40)
        let moment = try parameters.moment("at")
        return try await answerer.lookup(request, context) { _ in
            .json(RoomShape(try service.room(room, term: term, at: moment, as: context.caller, now: service.now())))
        }
    }

    /// `GET /v1/rooms/free?at=&for=&building=&term=&limit=&cursor=`: without `at`, now on the campus clock;
    /// `for` in minutes (default 50).
    @Sendable func freeRooms(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let parameters = QueryParameters(request: request)
        let term = try parameters.text("term", maximumLength: 40)
        let moment = try parameters.moment("at").map(FreeRoomsMoment.week) ?? .now
        let minutes = try parameters.integer("for", in: 1...DurationText.maximumMinutes) ?? OverlayOptions.classHour
        let building = try parameters.text("building", maximumLength: 10)
        let paging = try parameters.paging()
        let answer = { () throws(CampusError) in
            try service.freeRooms(at: moment, minutes: minutes, building: building, term: term, as: context.caller, now: service.now())
        }
        // Now changes by the minute: an answer about it is never a cached one.
        guard moment == .now else {
            return try await answerer.lookup(request, context) { _ in .json(FreeRoomsShape(try answer(), paging: paging)) }
        }
        return try await answerer.uncached(request, context) { _ in .json(FreeRoomsShape(try answer(), paging: paging)) }
    }

    /// `GET /v1/terms`.
    @Sendable func terms(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        try await answerer.lookup(request, context) { _ in
            .json(try service.terms(as: context.caller).map(TermListingShape.init))
        }
    }

    /// `{"members": ["brennam", "@study"], "roster": "CSSE474-02", "term": "202630", "days": "MTWRF",
    /// "between": "8:00-17:00", "minimumMinutes": 50, "top": 5}`: all but one of members or roster optional.
    struct OverlayBody: Decodable {
        var members: [String]?
        var groups: [String]?
        var roster: String?
        var term: String?
        var days: String?
        var between: String?
        var minimumMinutes: Int?
        var week: String?
        var top: Int?
    }

    /// `POST /v1/overlay`.
    @Sendable func overlay(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let body = try await body(OverlayBody.self, request, context)
        let members = try overlayMembers(body.members, groups: body.groups)
        guard !members.isEmpty || body.roster != nil else {
            throw CampusError.invalidParameter(name: "members", detail: "give members (usernames, @group) or a roster")
        }
        if let roster = body.roster?.trimmingCharacters(in: .whitespaces), roster.contains(" ") || SectionID(roster.uppercased()) == nil {
            throw CampusError.invalidParameter(name: "roster", detail: "'\(roster.prefix(30))' is not a section id such as CSSE474-02")
        }
        let options = try overlayOptions(
            days: body.days, between: body.between, minimum: body.minimumMinutes, minimumName: "minimumMinutes", week: body.week)
        let top = body.top ?? 5
        guard (1...100).contains(top) else { throw CampusError.invalidParameter(name: "top", detail: "\(top) is not from 1 to 100") }
        let answer = try await service.overlay(
            usernames: members, roster: body.roster, term: body.term, options: options, as: context.caller, now: service.now())
        return try await answerer.uncached(request, context) { _ in .json(OverlayShape(answer, top: top)) }
    }

    /// The people of an overlay's body: usernames, then `@group` for each group; each checked.
    func overlayMembers(_ usernames: [String]?, groups: [String]?) throws -> [String] {
        // Each list at most as long as the people an overlay takes (as declared); together they
        // may name more, and the people they come to are counted once groups are read.
        for (name, list) in [("members", usernames), ("groups", groups)] where (list?.count ?? 0) > OverlayOptions.defaultMaximumMembers {
            throw CampusError.invalidParameter(name: name, detail: "at most \(OverlayOptions.defaultMaximumMembers)")
        }
        let members = (usernames ?? []) + (groups ?? []).map { "@" + $0 }
        for member in members {
            guard (1...64).contains(member.unicodeScalars.count), !member.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw CampusError.invalidParameter(name: "members", detail: "each is a username or @group of 1 to 64 characters")
            }
            if member.hasPrefix("@") { try CampusService.checkGroupReference(String(member.dropFirst())) }
        }
        return members
    }

    /// An overlay's days, daily window, minimum slot (named `minimumName` in the body) and week.
    /// A window given backwards, or a minimum longer than the window, is an empty answer (no
    /// time fits), not a refusal: relations between two values, which no schema declares.
    func overlayOptions(days: String?, between: String?, minimum: Int?, minimumName: String, week: String? = nil) throws -> OverlayOptions {
        var dayList = OverlayOptions.registrarWeek
        if let days {
            guard !days.isEmpty, days.unicodeScalars.count <= 7, let parsed = [Weekday](letters: days.uppercased()) else {
                throw CampusError.invalidParameter(name: "days", detail: "'\(days)' is not day letters such as MTWRF")
            }
            dayList = parsed
        }
        var window = DailyWindow.registrarDay
        if let between {
            guard between.unicodeScalars.count <= 30, let parsed = DailyWindow(parsingAnyOrder: between) else {
                throw CampusError.invalidParameter(name: "between", detail: "'\(between.prefix(30))' is not a start and an end such as 8:00-17:00")
            }
            window = parsed
        }
        // Longer than the window is no error: nothing that long fits in it, an empty answer.
        let minimum = minimum ?? OverlayOptions.classHour
        guard (1...(24 * 60 - 1)).contains(minimum) else {
            throw CampusError.invalidParameter(name: minimumName, detail: "\(minimum) is not from 1 to 1439 minutes")
        }
        var weekDate: CalendarDate?
        if let week {
            guard week.count == 10, let date = CalendarDate(iso: week) else {
                throw CampusError.invalidParameter(name: "week", detail: "'\(week.prefix(20))' is not a date such as 2026-03-30")
            }
            weekDate = date
        }
        return OverlayOptions(days: dayList, window: window, minimumMinutes: minimum, week: weekDate)
    }

    private func sectionID(_ context: CampusRequestContext) throws -> SectionID {
        let text = try context.parameters.text("id", maximumLength: 20)
        guard let id = SectionID(text.uppercased()) else {
            throw CampusError.invalidParameter(name: "id", detail: "'\(text)' is not a section id such as CSSE474-02")
        }
        return id
    }
}
