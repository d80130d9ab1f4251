import CampusCore
import CampusIndex
import Foundation
import Testing

/// Consents to share a schedule, and requests for them, in the user-state store.
@Suite("The user-state store: consents and requests to share")
struct ConsentStoreTests {
    let now = Date(timeIntervalSince1970: 1_772_200_000)
    let spring = TermCode("202630")!
    let chem = SectionID("CHEM111-02")!

    private func consent(_ id: String, _ grantor: String, _ audience: Consent.Audience, term: TermCode? = nil) -> Consent {
        Consent(id: id, grantor: grantor, audience: audience, term: term, purpose: Consent.defaultPurpose, givenAt: now)
    }

    @Test("a consent reaches whom it names: a person, a group as it is now, a section's students; revoked, nobody", arguments: StoreKind.allCases)
    func reach(kind: StoreKind) async throws {
        let store = try await kind.make()
        #expect(try await store.addConsent(consent("a", "fenwicp", .person("brennam")), limit: nil) == .added)
        #expect(try await store.addConsent(consent("b", "fenwicp", .group(owner: "fenwicp", name: "lab")), limit: nil) == .added)
        #expect(try await store.addConsent(consent("c", "fenwicp", .section(chem, term: spring), term: spring), limit: nil) == .added)
        func ids(_ viewer: String, attending: [(section: SectionID, term: TermCode)] = []) async throws -> [String] {
            try await store.consents(reaching: viewer, attending: attending, from: ["FENWICP"]).map(\.id)
        }
        #expect(try await ids("brennam") == ["a"])
        #expect(try await ids("barlowk").isEmpty)
        _ = try await store.addFavorite("barlowk", owner: "fenwicp", group: "lab", now: now, limits: nil)
        #expect(try await ids("barlowk") == ["b"], "the group as it is now")
        #expect(try await ids("pikej", attending: [(chem, spring)]) == ["c"])
        #expect(try await ids("pikej", attending: [(chem, TermCode("202620")!)]).isEmpty, "the section of another term")
        #expect(try await store.consents(reaching: "brennam", attending: [], from: ["someoneelse"]).isEmpty)
        #expect(try await store.consents(reaching: "fenwicp", attending: [(chem, spring)], from: nil).isEmpty, "never oneself")

        #expect(try await store.revokeConsent(id: "a", grantor: "fenwicp", at: now + 60) == .revoked)
        #expect(try await store.revokeConsent(id: "a", grantor: "fenwicp", at: now + 120) == .revokedAlready)
        #expect(try await store.revokeConsent(id: "b", grantor: "brennam", at: now) == .none, "only its grantor revokes it")
        #expect(try await ids("brennam").isEmpty)
        let kept = try await store.consents(grantor: "fenwicp", includingRevoked: true)
        #expect(kept.first { $0.id == "a" }?.revokedAt == now + 60, "kept, with the date it was revoked")
        #expect(try await store.consents(grantor: "fenwicp", includingRevoked: false).map(\.id) == ["b", "c"])
    }

    @Test("a consent to someone else's group holds while its owner shares it and the grantor is in it", arguments: StoreKind.allCases)
    func othersGroup(kind: StoreKind) async throws {
        let store = try await kind.make()
        for member in ["barlowk", "carolz"] { _ = try await store.addFavorite(member, owner: "brennam", group: "lab", now: now, limits: nil) }
        _ = try await store.addConsent(consent("own", "brennam", .group(owner: "brennam", name: "lab")), limit: nil)
        _ = try await store.addConsent(consent("member", "barlowk", .group(owner: "brennam", name: "lab")), limit: nil)
        #expect(try await store.groupsShared(with: "carolz").map(\.id) == ["own"])
        #expect(try await store.consents(reaching: "carolz", attending: [], from: ["barlowk"]).map(\.id) == ["member"])
        _ = try await store.removeFavorite("barlowk", owner: "brennam", group: "lab")
        #expect(try await store.consents(reaching: "carolz", attending: [], from: ["barlowk"]).isEmpty, "taken out of the group")
        _ = try await store.addFavorite("barlowk", owner: "brennam", group: "lab", now: now, limits: nil)
        _ = try await store.revokeConsent(id: "own", grantor: "brennam", at: now)
        #expect(try await store.consents(reaching: "carolz", attending: [], from: ["barlowk"]).isEmpty, "its owner stopped sharing it")
        #expect(try await store.groupsShared(with: "carolz").isEmpty)
    }

    @Test("the same consent twice is kept once; the limit counts those that hold", arguments: StoreKind.allCases)
    func duplicatesAndLimit(kind: StoreKind) async throws {
        let store = try await kind.make()
        #expect(try await store.addConsent(consent("a", "fenwicp", .person("brennam")), limit: 2) == .added)
        let again = try await store.addConsent(consent("b", "fenwicp", .person("brennam")), limit: 2)
        #expect(again == .holdsAlready(consent("a", "fenwicp", .person("brennam"))))
        #expect(try await store.addConsent(consent("c", "fenwicp", .person("brennam"), term: spring), limit: 2) == .added, "another term is another consent")
        #expect(try await store.addConsent(consent("d", "fenwicp", .person("pikej")), limit: 2) == .tooMany)
        _ = try await store.revokeConsent(id: "c", grantor: "fenwicp", at: now)
        #expect(try await store.addConsent(consent("d", "fenwicp", .person("pikej")), limit: 2) == .added)
    }

    @Test("requests: one to a person until accepted, declined alike to its sender; limited per day; answered once, accepting consents", arguments: StoreKind.allCases)
    func requests(kind: StoreKind) async throws {
        let store = try await kind.make()
        func request(_ id: String, to recipient: String, at moment: Date) -> ConsentRequest {
            ConsentRequest(id: id, sender: "brennam", recipient: recipient, purpose: "lab", sentAt: moment)
        }
        #expect(try await store.sendRequest(request("r1", to: "fenwicp", at: now), perDay: 2) == .sent)
        #expect(try await store.sendRequest(request("r2", to: "fenwicp", at: now + 1), perDay: 2) == .askedAlready)
        #expect(try await store.sendRequest(request("r3", to: "barlowk", at: now + 2), perDay: 2) == .sent)
        let refused = try await store.sendRequest(request("r4", to: "pikej", at: now + 3), perDay: 2)
        guard case .tooMany(let until) = refused else { Issue.record("a third in a day was \(refused)"); return }
        #expect(abs(until.timeIntervalSince(now + 86_400)) < 0.002, "another may go when the first of the day is a day old: \(until)")
        #expect(try await store.sendRequest(request("r4", to: "pikej", at: now + 86_400 + 3), perDay: 2) == .sent, "a day later")

        let decline = try await store.answerRequest(id: "r3", recipient: "barlowk", answer: .declined, at: now, limit: nil) { _ in
            self.consent("x", "barlowk", .person("brennam"))
        }
        #expect(decline == .answered(nil))
        #expect(try await store.sendRequest(request("r5", to: "barlowk", at: now + 86_400 * 2), perDay: 2) == .askedAlready)
        #expect(try await store.answerRequest(id: "r1", recipient: "brennam", answer: .accepted, at: now, limit: nil) { _ in
            self.consent("y", "fenwicp", .person("brennam"))
        } == .none, "only the person asked answers")
        let made = consent("y", "fenwicp", .person("brennam"))
        #expect(try await store.answerRequest(id: "r1", recipient: "fenwicp", answer: .accepted, at: now, limit: 5) { _ in made } == .answered(made))
        #expect(try await store.answerRequest(id: "r1", recipient: "fenwicp", answer: .declined, at: now, limit: 5) { _ in made } == .answeredAlready)
        #expect(try await store.consents(reaching: "brennam", attending: [], from: ["fenwicp"]).map(\.id) == ["y"])
        let listed = try await store.requests(involving: "brennam")
        #expect(listed.count == 3 && listed.first?.id == "r4", "the newest first")
    }
}
