import CampusCore
import CampusIndex
import Foundation
import Testing

/// What the store forgets of a username when someone else comes to hold it.
@Suite("The user-state store: a username someone else held")
struct ForgettingTests {
    let now = Date(timeIntervalSince1970: 1_772_200_000)

    @Test("what was kept under a username before a moment goes, consents revoked and kept, others' follows of it ended; what came after stays; others' untouched",
          arguments: StoreKind.allCases)
    func forgetsTheEarlierHolder(kind: StoreKind) async throws {
        let store = try await kind.make()
        let before = now, arrival = now + 3_600, after = now + 7_200
        _ = try await store.addFavorite("brennam", owner: "fenwicp", group: "lab", now: before, limits: nil)
        _ = try await store.addFavorite("fenwicp", owner: "brennam", group: "lab", now: before, limits: nil)
        _ = try await store.addConsent(Consent(id: "given", grantor: "fenwicp", audience: .person("brennam"), term: nil, purpose: "x", givenAt: before), limit: nil)
        _ = try await store.addConsent(Consent(id: "named", grantor: "pikej", audience: .person("fenwicp"), term: nil, purpose: "x", givenAt: before), limit: nil)
        _ = try await store.addConsent(Consent(id: "other", grantor: "pikej", audience: .person("brennam"), term: nil, purpose: "x", givenAt: before), limit: nil)
        _ = try await store.sendRequest(ConsentRequest(id: "asked", sender: "fenwicp", recipient: "brennam", purpose: "x", sentAt: before), perDay: nil)
        _ = try await store.sendRequest(ConsentRequest(id: "askedOf", sender: "pikej", recipient: "fenwicp", purpose: "x", sentAt: before), perDay: nil)
        try await store.setAlertPreferences(AlertPreferences(email: false, people: ["brennam"]), of: "fenwicp", at: before)
        try await store.addSession(Session(tokenHash: "old", username: "fenwicp", createdAt: before, lastUsedAt: before, expiresAt: after + 86_400))
        try await store.addSession(Session(tokenHash: "new", username: "fenwicp", createdAt: after, lastUsedAt: after, expiresAt: after + 86_400))
        _ = try await store.addFavorite("pikej", owner: "fenwicp", group: "mine", now: after, limits: nil)
        _ = try await store.addFavorite("pikej", owner: "brennam", group: "lab", now: before, limits: nil)
        // Others follow the person before, and one follows the newcomer (saved after the arrival).
        try await store.setAlertPreferences(AlertPreferences(email: false, people: ["fenwicp", "pikej"]), of: "brennam", at: before)
        try await store.setAlertPreferences(AlertPreferences(email: false, people: ["fenwicp"]), of: "pikej", at: after)
        // One followed the person before and saved another setting after the arrival: the follow is as old as it was.
        try await store.setAlertPreferences(AlertPreferences(email: false, people: ["fenwicp"]), of: "whitfid", at: before)
        try await store.setAlertPreferences(AlertPreferences(email: true, people: ["fenwicp"]), of: "whitfid", at: after)

        try await store.forget("FENWICP", before: arrival)

        #expect(try await store.favorites(owner: "fenwicp", group: nil).map(\.username) == ["pikej"], "the newcomer's own stays")
        #expect(try await store.favorites(owner: "brennam", group: nil).map(\.username) == ["pikej"],
                "others' lists keep what is theirs, not the person before in them")
        let given = try await store.consents(grantor: "fenwicp", includingRevoked: true)
        #expect(given.map(\.id) == ["given"] && given.first?.revokedAt == arrival, "revoked when the username changed hands, kept")
        #expect(try await store.consents(reaching: "fenwicp", attending: [], from: nil).isEmpty)
        #expect(try await store.consents(reaching: "brennam", attending: [], from: nil).map(\.id) == ["other"])
        #expect(try await store.requests(involving: "fenwicp").isEmpty)
        #expect(try await store.alertPreferences(of: "fenwicp") == .standard)
        #expect(try await store.session(tokenHash: "old") == nil)
        #expect(try await store.session(tokenHash: "new") != nil)
        #expect(try await store.alertPreferences(of: "brennam").people == ["pikej"], "a follow of the person before ends")
        #expect(try await store.alertPreferences(of: "pikej").people == ["fenwicp"], "a follow of the newcomer stays")
        #expect(try await store.alertPreferences(of: "whitfid").people.isEmpty, "saving again does not make an old follow new")
    }
}

/// Lockouts of accounts by failed log-ins, kept to tell their owners.
@Suite("The user-state store: lockouts")
struct LockoutStoreTests {
    let now = Date(timeIntervalSince1970: 1_772_200_000)

    @Test("lockouts are kept per username and network while one holds, newest first, since a moment; old ones are forgotten",
          arguments: StoreKind.allCases)
    func keepsLockouts(kind: StoreKind) async throws {
        let store = try await kind.make()
        let first = try await store.recordLockout(LoginLockout(username: "Brennam", network: "203.0.113.0/24", at: now, until: now + 900))
        #expect(first.recorded && !first.othersHolding)
        let again = try await store.recordLockout(LoginLockout(username: "brennam", network: "203.0.113.0/24", at: now + 1, until: now + 901))
        #expect(!again.recorded, "the same network's lock holds: nothing written")
        let other = try await store.recordLockout(LoginLockout(username: "brennam", network: "198.51.100.0/24", at: now + 60, until: now + 960))
        #expect(other.recorded && other.othersHolding, "another network's lock holds: written, and said")
        _ = try await store.recordLockout(LoginLockout(username: "pikej", network: "203.0.113.0/24", at: now, until: now + 900))
        let mine = try await store.lockouts(of: "BRENNAM", since: now - 1)
        #expect(mine.map(\.network) == ["198.51.100.0/24", "203.0.113.0/24"])
        #expect(mine.last == LoginLockout(username: "brennam", network: "203.0.113.0/24", at: now, until: now + 900))
        #expect(try await store.lockouts(of: "brennam", since: now + 30).count == 1)
        #expect(try await store.removeLockouts(before: now + 30) == 2)
        #expect(try await store.lockouts(of: "pikej", since: now - 1).isEmpty)
        try await store.forget("brennam", before: now + 120)
        #expect(try await store.lockouts(of: "brennam", since: now - 1).isEmpty, "an earlier holder's lockouts are forgotten too")
    }
}
