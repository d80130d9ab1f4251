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

    /// Lookups at the server of `login`, as its person.
    public init(login: SavedLogin) throws(CampusError) {
        client = try CampusServerClient(login.server)
        self.login = login
    }

    /// The lookups at the server `named` (an address; `nil`: the one logged in to), as the
    /// person logged in to it; `nil` when none is named and nobody logged in here.
    ///
    /// - Throws: ``CampusError/server(_:)`` (unauthenticated) when the server named is not the
    ///   one logged in to.
    public static func loggedIn(to named: String?, paths: CampusPaths) throws(CampusError) -> ServerLookups? {
        let saved = try SavedLogin.read(from: paths.loginFile)
        guard let named else { return try saved.map(ServerLookups.init) }
        let server = try CampusServerClient(named)
        guard let saved, try CampusServerClient(saved.server).server == server.server else {
            throw .server(ProblemShape(type: "urn:campus-lookup:problem:unauthenticated", title: "Log in first", status: 401,
                                       detail: "you are not logged in to \(server.server): run campus login \(server.server)"))
        }
        return try ServerLookups(login: saved)
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

    /// `GET /v1/people/{username}/history`: ``CampusService/history(of:as:now:)`` as the server shows it.
    public func history(of username: String) async throws(CampusError) -> Shown<HistoryAnswer> {
        try HistoryAnswer.shown(try await get(HistoryShape.self, "/v1/people/\(Self.segment(username))/history", [:]))
    }

    /// `GET path?query` read as `Shape`; a refusal or failure as the server's problem.
    func get<Shape: Decodable>(_ type: Shape.Type, _ path: String, _ query: [String: String?]) async throws(CampusError) -> Shape {
        let body = try await fetch(path, query, accept: "application/json")
        do {
            return try JSONDecoder().decode(Shape.self, from: body)
        } catch {
            throw .failed("the campus server at \(client.server) answered \(path) with what this campus command cannot read: "
                + "it may be of another version (campus --version)")
        }
    }

    /// The body of `GET path?query` answered as `accept`; a refusal or failure as the server's problem.
    func fetch(_ path: String, _ query: [String: String?], accept: String) async throws(CampusError) -> Data {
        let items = query.sorted { $0.key < $1.key }.compactMap { name, value in value.map { (name, $0) } }
        let answer = try await client.send(.GET, path + (items.isEmpty ? "" : "?" + FormEncoding.encode(items)), token: login.token, accept: accept)
        guard answer.status == 200 else { throw problem(answer) }
        return answer.body
    }

    /// The problem a refusal is: the server's own document, or one saying what it answered.
    func problem(_ answer: CampusServerClient.Answer) -> CampusError {
        if answer.status == 401 {
            return .server(ProblemShape(type: "urn:campus-lookup:problem:unauthenticated", title: "Log in first", status: 401,
                                        detail: "your log-in to \(client.server) has ended: run campus login"))
        }
        if let document = try? JSONDecoder().decode(ProblemShape.self, from: answer.body) { return .server(document) }
        return .server(ProblemShape(type: "urn:campus-lookup:problem:failed", title: "Something went wrong", status: Int(answer.status),
                                    detail: "the campus server at \(client.server) answered \(answer.status)"))
    }

    /// `text` as one segment of a path: every character but letters, digits and `-._~` escaped.
    static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? ""
    }
}
