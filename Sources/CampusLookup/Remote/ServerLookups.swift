import CampusCore
import Foundation
internal import SignIn

/// The lookups of the command line asked of a campus's `campus serve`, with the rights of the
/// person logged in (``SavedLogin``): each answer read back from the API's shape into the
/// answer the local index gives, so that it prints the same way.
public struct ServerLookups: Sendable {
    /// The server asked.
    public let client: CampusServerClient
    let login: SavedLogin

    /// The answers kept for when the server cannot be reached.
    let kept: KeptAnswers
    /// Whether a kept answer is given when the server cannot be reached (and answers kept): not with `--no-cache`.
    let usesKept: Bool
    /// Told when an answer comes from those kept, not from the server: when it was given, and why the server was not asked.
    let whenOffline: @Sendable (Date, CampusError) -> Void

    /// Lookups at the server of `login`, as its person; answers kept in `keptAnswers` unless
    /// `usesKept` is false, `whenOffline` told of each answer given from them.
    public init(
        login: SavedLogin, keptAnswers: URL, usesKept: Bool = true, whenOffline: @escaping @Sendable (Date, CampusError) -> Void = { _, _ in }
    ) throws(CampusError) {
        client = try CampusServerClient(login.server)
        self.login = login
        kept = KeptAnswers(folder: keptAnswers, login: login)
        self.usesKept = usesKept
        self.whenOffline = whenOffline
    }

    /// The lookups at the server `named` (an address; `nil`: the one logged in to), as the
    /// person logged in to it; `nil` when none is named and nobody logged in here.
    ///
    /// - Throws: ``CampusError/server(_:)`` (unauthenticated) when the server named is not the
    ///   one logged in to.
    public static func loggedIn(
        to named: String?, paths: CampusPaths, usesKept: Bool = true, whenOffline: @escaping @Sendable (Date, CampusError) -> Void = { _, _ in }
    ) throws(CampusError) -> ServerLookups? {
        guard let saved = try SavedLogin.read(from: paths.loginFile) else {
            guard let named else { return nil }
            throw notLoggedIn(to: try CampusServerClient(named))
        }
        if let named {
            let server = try CampusServerClient(named)
            guard try CampusServerClient(saved.server).server == server.server else { throw notLoggedIn(to: server) }
        }
        return try ServerLookups(login: saved, keptAnswers: paths.keptAnswersFolder, usesKept: usesKept, whenOffline: whenOffline)
    }

    private static func notLoggedIn(to server: CampusServerClient) -> CampusError {
        .server(ProblemShape(type: "urn:campus-lookup:problem:unauthenticated", title: "Log in first", status: 401,
                             detail: "you are not logged in to \(server.server): run campus login \(server.server)"))
    }

    /// `GET /v1/people/{username}/schedule`: ``CampusService/schedule(of:term:as:now:)`` as the server shows it.
    public func schedule(of username: String, term: String?) async throws(CampusError) -> Shown<ScheduleAnswer> {
        try ScheduleAnswer.shown(try await get(ScheduleShape.self, "/v1/people/\(Self.segment(username))/schedule", ["term": term]))
    }

    /// `GET /v1/people/{username}`: ``CampusService/person(_:as:now:)`` as the server shows it.
    public func person(_ username: String) async throws(CampusError) -> Shown<ContactAnswer> {
        try ContactAnswer.shown(try await get(ContactShape.self, "/v1/people/\(Self.segment(username))", [:]))
    }

    /// `GET /v1/people/{username}` as a vCard: ``CampusService/vCard(_:as:)`` as the server writes it.
    public func vCard(_ username: String) async throws(CampusError) -> String {
        String(decoding: try await fetch("/v1/people/\(Self.segment(username))", [:], accept: "text/vcard"), as: UTF8.self)
    }

    /// `GET /v1/search`, page after page up to `limit` matches: ``CampusService/search(_:kinds:term:limit:department:affiliation:as:now:)``
    /// as the server shows it.
    public func search(_ query: String, term: String?, limit: Int, department: String?, affiliation: Affiliation?) async throws(CampusError) -> Shown<SearchAnswer> {
        let asked: [String: String?] = ["q": query, "term": term, "dept": department, "affiliation": affiliation?.rawValue,
                                        "limit": String(min(limit, Int(Self.pageSize) ?? 500))]
        var shape = try await everyPage(SearchShape.self, "/v1/search", asked) { $0.matches.count < limit }
        shape.matches = Array(shape.matches.prefix(limit))
        return try SearchAnswer.shown(shape)
    }

    /// `GET /v1/rooms/{room}`: ``CampusService/room(_:term:at:as:now:)`` as the server shows it.
    public func room(_ room: String, term: String?, at moment: WeekMoment?) async throws(CampusError) -> RoomAnswer {
        let at = moment.map { "\($0.day.letter) \($0.time.iso)" }
        return try RoomAnswer(try await get(RoomShape.self, "/v1/rooms/\(Self.segment(room))", ["term": term, "at": at]), moment: moment)
    }

    /// `GET /v1/rooms/free`, every page: ``CampusService/freeRooms(at:minutes:building:term:as:now:)`` as the
    /// server answers it (`now` on the server's clock).
    public func freeRooms(at moment: FreeRoomsMoment, minutes: Int, building: String?, term: String?) async throws(CampusError) -> FreeRoomsAnswer {
        var at: String?
        if case .week(let week) = moment { at = "\(week.day.letter) \(week.time.iso)" }
        let asked: [String: String?] = ["at": at, "for": String(minutes), "building": building, "term": term]
        return try FreeRoomsAnswer(try await everyPage(FreeRoomsShape.self, "/v1/rooms/free", asked))
    }

    /// `GET /v1/me/favorites`, every page: the favorites of the person logged in, with where each is now.
    public func favorites(group: String?) async throws(CampusError) -> Shown<[FavoriteStatus]> {
        let shape = try await everyPage(FavoritesShape.self, "/v1/me/favorites", ["group": group])
        let statuses = try shape.favorites.map { favorite throws(CampusError) in try FavoriteStatus(favorite, owner: login.username) }
        let withheld = shape.favorites.compactMap { favorite in favorite.person.map { ($0.username.lowercased(), $0.withheld) } }
        return Shown(statuses, withheldOf: Dictionary(withheld, uniquingKeysWith: { first, _ in first }))
    }

    /// `PUT /v1/me/favorites/{username}`: whether they were added (else in the group already).
    public func addFavorite(_ username: String, group: String) async throws(CampusError) -> Bool {
        let answer = try await client.send(.PUT, "/v1/me/favorites/\(Self.segment(username))?" + FormEncoding.encode([("group", group)]), token: login.token)
        guard answer.status == 201 || answer.status == 200 else { throw problem(answer) }
        return answer.status == 201
    }

    /// `DELETE /v1/me/favorites/{username}`: whether they were in the group.
    public func removeFavorite(_ username: String, group: String) async throws(CampusError) -> Bool {
        let answer = try await client.send(.DELETE, "/v1/me/favorites/\(Self.segment(username))?" + FormEncoding.encode([("group", group)]), token: login.token)
        if answer.status == 404, (answer.json["type"] as? String)?.hasSuffix(":not-found") == true { return false }
        guard answer.status == 204 else { throw problem(answer) }
        return true
    }

    /// `DELETE /v1/me/favorites`: how many were removed, of one group or (`nil`) every group.
    public func clearFavorites(group: String?) async throws(CampusError) -> Int {
        let answer = try await client.send(.DELETE, "/v1/me/favorites" + (group.map { "?" + FormEncoding.encode([("group", $0)]) } ?? ""), token: login.token)
        guard answer.status == 200, let removed = answer.json["removed"] as? Int else { throw problem(answer) }
        return removed
    }

    /// `GET /v1/terms`: the terms the server's index holds and the registrar offers.
    public func terms() async throws(CampusError) -> [TermListingShape] {
        try await get([TermListingShape].self, "/v1/terms", [:])
    }

    /// `GET /v1/instructors/{username}/sections`: ``CampusService/teaching(of:term:as:now:)`` as the server shows it.
    public func teaching(of username: String, term: String?) async throws(CampusError) -> Shown<ScheduleAnswer> {
        try ScheduleAnswer.shown(try await get(ScheduleShape.self, "/v1/instructors/\(Self.segment(username))/sections", ["term": term]))
    }

    /// `GET /v1/courses/{idOrPrefix}`, every page: ``CampusService/course(_:term:as:now:)`` as the server shows it.
    public func course(_ query: String, term: String?) async throws(CampusError) -> CourseAnswer {
        let shape = try await everyPage(CourseShape.self, "/v1/courses/\(Self.segment(query))", ["term": term])
        return CourseAnswer(term: try ShapeReading.term(shape.term), query: shape.query, sections: try shape.sections.map(Section.init))
    }

    /// `GET /v1/sections/{id}/roster`, every page: ``CampusService/roster(ofSection:term:as:now:)`` as the server shows
    /// it; for a course (`CSSE474`), the rosters of each of its sections, one after another.
    public func roster(ofSection id: String, term: String?) async throws(CampusError) -> Shown<RosterAnswer> {
        let compact = id.filter { !$0.isWhitespace }.uppercased()
        guard SectionID(compact) == nil, !compact.isEmpty else { return try await sectionRoster(compact, term: term) }
        let course = try await self.course(compact, term: term)
        let sections = course.sections.filter { $0.id.course == compact }
        guard !sections.isEmpty else { return try await sectionRoster(compact, term: term) }
        var combined = Shown(RosterAnswer(term: course.term, sections: [], students: []))
        for section in sections {
            let roster = try await sectionRoster(section.id.rawValue, term: course.term.code.rawValue)
            combined.answer.sections += roster.answer.sections
            combined.answer.students += roster.answer.students
            combined.withheld.formUnion(roster.withheld)
        }
        return combined
    }

    private func sectionRoster(_ id: String, term: String?) async throws(CampusError) -> Shown<RosterAnswer> {
        try RosterAnswer.shown(try await everyPage(RosterShape.self, "/v1/sections/\(Self.segment(id))/roster", ["term": term]))
    }

    /// `GET /v1/sections/{id}/roster` as CSV: the roster the registrar downloads, as the server writes it; for a
    /// course, its sections' rosters in one table with a leading `"Section"` column, as ``RosterCSV`` writes a
    /// roster of several sections.
    public func rosterCSV(ofSection id: String, term: String?) async throws(CampusError) -> String {
        let compact = id.filter { !$0.isWhitespace }.uppercased()
        func csv(_ section: String, _ term: String?) async throws(CampusError) -> String {
            String(decoding: try await fetch("/v1/sections/\(Self.segment(section))/roster", ["term": term], accept: "text/csv"), as: UTF8.self)
        }
        guard SectionID(compact) == nil, !compact.isEmpty else { return try await csv(compact, term) }
        let course = try await self.course(compact, term: term)
        let ids = course.sections.map(\.id).filter { $0.course == compact }.map(\.rawValue)
        guard ids.count > 1 else { return try await csv(ids.first ?? compact, course.term.code.rawValue) }
        var text = ""
        for section in ids {
            let records = Self.records(try await csv(section, course.term.code.rawValue))
            if text.isEmpty, let header = records.first { text = CSVField.write("Section", always: true) + "," + header }
            for record in records.dropFirst() { text += CSVField.write(section, always: true) + "," + record }
        }
        return text
    }

    /// The records of CSV `text`, each with its line end: a line feed inside a quoted field
    /// ends no record.
    static func records(_ text: String) -> [String] {
        var records: [String] = [], current = "", quoted = false
        for character in text {
            current.append(character)
            if character == "\"" { quoted.toggle() }
            if character == "\n" || character == "\r\n", !quoted {
                records.append(current)
                current = ""
            }
        }
        if !current.isEmpty { records.append(current) }
        return records
    }

    /// The person's `mailto:` URI from their card: ``CampusService/email(of:as:)`` as the server shows it.
    public func email(of username: String) async throws(CampusError) -> MailtoURI {
        let card = try await person(username).answer.card
        guard let mailto = card.person.email.flatMap(MailtoURI.single) else { throw .noEmail(username: card.person.username) }
        return mailto
    }

    /// `GET /v1/people/{username}/photo`: the directory's JPEG.
    public func photo(_ username: String) async throws(CampusError) -> [UInt8] {
        Array(try await fetch("/v1/people/\(Self.segment(username))/photo", [:], accept: "image/jpeg"))
    }

    /// The most a page of a list asks for (the API's largest).
    static let pageSize = "500"

    /// `GET path?query` and each following page while `more` holds, as one answer; a page holds
    /// ``pageSize`` items unless `query` gives its own `limit`.
    func everyPage<Shape: PagedShape>(
        _ type: Shape.Type, _ path: String, _ query: [String: String?], while more: (Shape) -> Bool = { _ in true }
    ) async throws(CampusError) -> Shape {
        let asked = ["limit": Self.pageSize].merging(query) { _, given in given }
        var shape = try await get(type, path, asked)
        while more(shape), let cursor = shape.next {
            var following = asked
            following["cursor"] = cursor
            shape.append(try await get(type, path, following))
        }
        return shape
    }

    /// `GET /v1/changes`: ``CampusService/changes(_:as:now:)`` as the server shows it to the caller
    /// (the changes to sections they may see; students added and dropped only where they may see the roster).
    public func changes(_ query: ChangeQuery) async throws(CampusError) -> [FoundChanges] {
        let asked: [String: String?] = [
            "since": query.since.map(Timestamp.text), "refresh": query.refresh.map(String.init), "term": query.term?.rawValue,
            "section": query.section?.rawValue, "limit": String(min(query.limit, Int(Self.pageSize) ?? 500)),
        ]
        return try await get(ChangesShape.self, "/v1/changes", asked).refreshes.map { refresh throws(CampusError) in try FoundChanges(refresh) }
    }

    /// `POST /v1/overlay`: ``CampusService/overlay(usernames:roster:busyFiles:term:options:as:now:)`` as the
    /// server answers it (calendar files of busy time are this computer's, not the server's to read).
    public func overlay(usernames: [String], roster: String?, term: String?, options: OverlayOptions) async throws(CampusError) -> OverlayAnswer {
        var body = Self.overlayBody(usernames: usernames, term: term, options: options)
        body["roster"] = roster
        body["minimumMinutes"] = options.minimumMinutes
        // The most ranked slots the API gives: those where everyone is free come first, and
        // the command lists the best of the rest.
        body["top"] = 100
        return try OverlayAnswer(try await post(OverlayShape.self, "/v1/overlay", body), options: options)
    }

    /// `POST /v1/meet`: ``CampusService/meet(usernames:term:options:top:roomsEach:as:now:)`` as the server
    /// answers it.
    public func meet(usernames: [String], term: String?, options: OverlayOptions, top: Int, roomsEach: Int) async throws(CampusError) -> MeetAnswer {
        let body = Self.meetBody(usernames: usernames, term: term, options: options, top: top, roomsEach: roomsEach)
        return try MeetAnswer(try await post(MeetShape.self, "/v1/meet", body), options: options)
    }

    /// `POST /v1/meet` as `text/calendar`: the invitation to the `number`th time, as the server writes it.
    public func invitation(
        _ number: Int, usernames: [String], term: String?, options: OverlayOptions, top: Int, roomsEach: Int, title: String?
    ) async throws(CampusError) -> String {
        var body = Self.meetBody(usernames: usernames, term: term, options: options, top: top, roomsEach: roomsEach)
        body["invite"] = number
        body["title"] = title
        let answer = try await client.post("/v1/meet", json: body, token: login.token, accept: "text/calendar")
        guard answer.status == 200 else { throw problem(answer) }
        return String(decoding: answer.body, as: UTF8.self)
    }

    /// What `POST /v1/overlay` and `POST /v1/meet` share: whom, which term, which days and hours, which week.
    private static func overlayBody(usernames: [String], term: String?, options: OverlayOptions) -> [String: any Sendable] {
        var body: [String: any Sendable] = [
            "members": usernames, "days": options.days.letters, "between": "\(options.window.start.iso)-\(options.window.end.iso)",
        ]
        body["term"] = term
        body["week"] = options.week?.iso
        return body
    }

    /// What `POST /v1/meet` asks, for the list and for an invitation alike.
    private static func meetBody(usernames: [String], term: String?, options: OverlayOptions, top: Int, roomsEach: Int) -> [String: any Sendable] {
        var body = overlayBody(usernames: usernames, term: term, options: options)
        body["minutes"] = options.minimumMinutes
        body["top"] = top
        body["rooms"] = roomsEach
        return body
    }

    /// `POST path` with the JSON `body`, read as `Shape`; a refusal or failure as the server's problem.
    func post<Shape: Decodable>(_ type: Shape.Type, _ path: String, _ body: [String: any Sendable]) async throws(CampusError) -> Shape {
        let answer = try await client.post(path, json: body, token: login.token)
        guard answer.status == 200 else { throw problem(answer) }
        return try decode(type, answer.body, answering: path, version: answer.version)
    }

    /// `GET /v1/people/{username}/history`: ``CampusService/history(of:as:now:)`` as the server shows it.
    public func history(of username: String) async throws(CampusError) -> Shown<HistoryAnswer> {
        try HistoryAnswer.shown(try await get(HistoryShape.self, "/v1/people/\(Self.segment(username))/history", [:]))
    }

    /// `GET path?query` read as `Shape`; a refusal or failure as the server's problem.
    func get<Shape: Decodable>(_ type: Shape.Type, _ path: String, _ query: [String: String?]) async throws(CampusError) -> Shape {
        let answer = try await answer(path, query, accept: "application/json")
        return try decode(type, answer.body, answering: path, version: answer.version)
    }

    /// `body`, the server's answer to `path` (its `Campus-Version` `version`), read as `Shape`.
    private func decode<Shape: Decodable>(_ type: Shape.Type, _ body: Data, answering path: String, version: String?) throws(CampusError) -> Shape {
        do {
            return try JSONDecoder().decode(Shape.self, from: body)
        } catch {
            let versions = CampusServerClient.otherVersion(version)
            throw .failed("the campus server at \(client.server) answered \(path) with what this campus command cannot read"
                + (versions.isEmpty ? ": it may be of another version (campus --version)" : versions + ": use a campus command of the server's version"))
        }
    }

    /// The body of `GET path?query` answered as `accept`; a refusal or failure as the server's problem.
    ///
    /// A JSON answer ``KeptAnswers`` keeps is kept; when the server cannot be reached, the one kept
    /// last is given instead (``whenOffline`` told), and when the server refuses it, it is forgotten
    /// (every kept answer when the session has ended).
    func fetch(_ path: String, _ query: [String: String?], accept: String) async throws(CampusError) -> Data {
        try await answer(path, query, accept: accept).body
    }

    /// ``fetch(_:_:accept:)``'s body and the `Campus-Version` of the server that gave it (`nil` for a kept answer).
    private func answer(_ path: String, _ query: [String: String?], accept: String) async throws(CampusError) -> (body: Data, version: String?) {
        let items = query.sorted { $0.key < $1.key }.compactMap { name, value in value.map { (name, $0) } }
        let request = path + (items.isEmpty ? "" : "?" + FormEncoding.encode(items))
        let keeps = accept == "application/json" && KeptAnswers.keeps(request)
        let answer: CampusServerClient.Answer
        do {
            answer = try await client.send(.GET, request, token: login.token, accept: accept)
        } catch {
            guard keeps, usesKept, let old = kept.answer(to: request) else { throw error }
            whenOffline(old.savedAt, error)
            return (old.body, nil)
        }
        switch answer.status {
        case 200:
            if keeps, usesKept { kept.keep(answer.body, for: request, at: Date()) }
            return (answer.body, answer.version)
        case 401: KeptAnswers.forgetAll(in: kept.folder)
        case 403, 404, 410: kept.forget(request)
        default: break
        }
        throw problem(answer)
    }

    /// The problem a refusal is: the server's own document, or one saying what it answered.
    func problem(_ answer: CampusServerClient.Answer) -> CampusError {
        if answer.status == 401 {
            return .server(ProblemShape(type: "urn:campus-lookup:problem:unauthenticated", title: "Log in first", status: 401,
                                        detail: "your log-in to \(client.server) has ended: run campus login"))
        }
        if var document = try? JSONDecoder().decode(ProblemShape.self, from: answer.body) {
            // A lookup this command knows that the server does not: a server of another version.
            let versions = CampusServerClient.otherVersion(answer.version)
            if !versions.isEmpty, document.type.hasSuffix(":method-not-allowed") || document.detail.hasPrefix("no such address") {
                document.detail = "the campus server at \(client.server) does not answer this lookup" + versions
            }
            return .server(document)
        }
        return .server(ProblemShape(type: "urn:campus-lookup:problem:failed", title: "Something went wrong", status: Int(answer.status),
                                    detail: "the campus server at \(client.server) answered \(answer.status)"))
    }

    /// `text` as one segment of a path: every character but letters, digits and `-._~` escaped.
    static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? ""
    }
}
