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

    /// `GET /v1/terms`: the terms the server's index holds and the registrar offers.
    public func terms() async throws(CampusError) -> [TermListingShape] {
        try await get([TermListingShape].self, "/v1/terms", [:])
    }

    /// `GET /v1/people/{username}/history`: ``CampusService/history(of:as:now:)`` as the server shows it.
    public func history(of username: String) async throws(CampusError) -> Shown<HistoryAnswer> {
        try HistoryAnswer.shown(try await get(HistoryShape.self, "/v1/people/\(Self.segment(username))/history", [:]))
    }

    /// `GET path?query` read as `Shape`; a refusal or failure as the server's problem.
    func get<Shape: Decodable>(_ type: Shape.Type, _ path: String, _ query: [String: String?]) async throws(CampusError) -> Shape {
        let items = query.sorted { $0.key < $1.key }.compactMap { name, value in value.map { (name, $0) } }
        let answer = try await client.send(.GET, path + (items.isEmpty ? "" : "?" + FormEncoding.encode(items)), token: login.token)
        guard answer.status == 200 else { throw problem(answer) }
        do {
            return try JSONDecoder().decode(Shape.self, from: answer.body)
        } catch {
            throw .failed("the campus server at \(client.server) answered \(path) with what this campus command cannot read: "
                + "it may be of another version (campus --version)")
        }
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
