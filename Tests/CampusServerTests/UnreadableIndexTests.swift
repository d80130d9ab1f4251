import CampusLookup
import Foundation
import Testing

/// A signed-in request while the index cannot be read: an error the client can wait out,
/// never an answer that treats it as logged out.
@Suite("Sessions while the index cannot be read")
struct UnreadableIndexTests {
    @Test("a server whose index is not there yet answers what needs a live session's caller with 503, not 401; the rest as for anyone; a log-out works")
    func missingIndexIsNotALogOut() async throws {
        let clock = SettableClock(Date())
        let first = try await RoutedServer.start(clock: clock)
        defer { Task { await first.stop() } }
        let token = try await first.logIn("brennam")
        // A second server sharing the first's user state (as replicas share one), its index gone before it read it.
        let state = first.root.appendingPathComponent("user-state.sqlite").path
        let second = try await RoutedServer.start(extraConfiguration: "state: \(state)\n")
        defer { Task { await second.stop() } }
        try FileManager.default.removeItem(at: second.root.appendingPathComponent("index.sqlite"))
        let answer = try await second.send(.GET, "/v1/me", token: token)
        #expect(answer.status == 503, "\(answer.status) \(answer.text)")
        #expect(answer.text.contains("no-index"), "\(answer.text)")
        #expect(answer.setCookie("campus_session") == nil, "the cookie is kept")
        #expect(try await first.send(.GET, "/v1/me", token: token).status == 200, "the session lives on")
        // What needs no caller is answered all the same, and a log-out (the user state's alone) ends the session.
        #expect(try await second.send(.GET, "/healthz", token: token).status == 200)
        #expect(try await second.send(.GET, "/login", headers: [("Cookie", "campus_session=\(token)")]).status == 200)
        #expect(try await second.send(.DELETE, "/v1/session", token: token).status == 204)
        clock.advance(60)
        #expect(try await first.send(.GET, "/v1/me", token: token).status == 401, "gone from the user state (the first server asks it again after 30 s)")
    }
}
