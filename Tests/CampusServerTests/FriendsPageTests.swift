import Foundation
import Testing

/// The Friends page: ask, accept, see a friend's week, revoke, as a browser posts its forms.
@Suite("The web app's friends: sharing a week by consent")
struct FriendsPageTests {
    @Test("asked from a person's page, accepted on the Friends page, the week shown, revoked: refused again at once")
    func askAcceptRevoke() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let brennam = try await server.logIn("brennam")
        let fenwicp = try await server.logIn("fenwicp")
        let card = try await server.page("/people/fenwicp", session: brennam)
        #expect(card.readable.contains("Ask Parker Fenwick to share their week") || card.readable.contains("to share their week"), "\(card.readable.suffix(400))")
        let asked = try await server.post("/requests", [("to", "fenwicp"), ("purpose", "lab partners")], session: brennam)
        #expect(asked.status == 303 && asked.header("Location") == "/sharing?done=asked", "\(asked.status) \(asked.readable.prefix(300))")
        let mine = try await server.page("/sharing?done=asked", session: brennam)
        #expect(mine.readable.contains("Asked: they see your request") && mine.readable.contains("fenwicp · not answered yet"), "\(mine.readable)")

        let friends = try await server.page("/sharing", session: fenwicp)
        #expect(friends.readable.contains("brennam asks to see your week: “lab partners”"), "\(friends.readable)")
        let action = try #require(friends.text.firstMatch(of: /action="(\/requests\/[^"]+\/accept)"/)?.1)
        let accepted = try await server.post(String(action), [], session: fenwicp)
        #expect(accepted.status == 303 && accepted.header("Location") == "/sharing?done=accepted")
        let sharing = try await server.page("/sharing", session: fenwicp)
        #expect(sharing.readable.contains("brennam : every term, until revoked"), "\(sharing.readable)")

        let received = try await server.page("/sharing", session: brennam)
        #expect(received.text.contains("href=\"/people/fenwicp/schedule\""), "\(received.readable)")
        let week = try await server.page("/people/fenwicp/schedule?term=202630", session: brennam)
        #expect(week.status == 200 && week.text.contains("CHEM111-02"), "\(week.status) \(week.readable.prefix(300))")

        let revoke = try #require(sharing.text.firstMatch(of: /action="(\/sharing\/[^"]+\/revoke)"/)?.1)
        let revoked = try await server.post(String(revoke), [], session: fenwicp)
        #expect(revoked.status == 303 && revoked.header("Location") == "/sharing?done=revoked")
        let refused = try await server.page("/people/fenwicp/schedule?term=202630", session: brennam)
        #expect(refused.status == 403 && refused.readable.contains("rule 'schedule'"), "\(refused.status) \(refused.readable.prefix(300))")
    }

    @Test("a mistake on the Friends page names it: sharing with oneself, a forged form")
    func mistakes() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let fenwicp = try await server.logIn("fenwicp")
        let own = try await server.post("/sharing", [("with", "fenwicp")], session: fenwicp)
        #expect(own.status == 400 && own.readable.contains("your own schedule"), "\(own.status) \(own.readable.prefix(300))")
        let forged = try await server.post("/sharing", [("with", "brennam")], session: fenwicp, csrf: "forged")
        #expect(forged.status == 403)
        let page = try await server.page("/sharing", session: fenwicp)
        #expect(page.readable.contains("Nobody yet."), "nothing was stored")
    }
}
