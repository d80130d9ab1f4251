import CampusCore
import CampusIndex
import Foundation
import Testing
import UserStatePostgres

/// `campus state migrate`'s copy: every row of an SQLite user state into PostgreSQL, read
/// back through the store as it was written.
@Suite("Copying the SQLite user state into PostgreSQL")
struct StateCopyTests {
    let now = Date(timeIntervalSince1970: 1_772_200_000)

    /// An SQLite store holding something of every table.
    private func filledSource() async throws -> SQLiteUserState {
        let source = try SQLiteUserState.inMemory()
        _ = try await source.addFavorite("valer", owner: "alice", group: "lab", now: now, limits: nil)
        try await source.addSession(Session(
            tokenHash: "0123456789abcdef" + String(repeating: "1", count: 48), username: "alice", createdAt: now, lastUsedAt: now + 5,
            expiresAt: now + 86_400, isKept: true, device: "Firefox on Android"))
        _ = try await source.beginLoginAttempt(
            [.pair(username: "bob", address: "10.0.0.1")], throttle: LoginThrottle(failures: 5, addressFailures: 20, window: 300, lockout: 900),
            at: now)
        _ = try await source.recordLockout(LoginLockout(username: "bob", network: "10.0.0.0/24", at: now, until: now + 900))
        _ = try await source.addShare(
            Share(id: "s1", tokenHash: "h1", owner: "alice", content: .overlay(group: "lab"), createdAt: now, expiresAt: now + 86_400), limit: nil)
        try await source.recordDisclosures((0..<3).map {
            Disclosure(at: now + Double($0), viewer: "regis", record: .schedule, subject: "alice", term: $0 == 0 ? nil : "202630", rule: "r")
        })
        _ = try await source.addConsent(
            Consent(id: "c1", grantor: "alice", audience: .group(owner: "alice", name: "lab"), term: nil, purpose: "lunch", givenAt: now),
            limit: nil)
        _ = try await source.sendRequest(
            ConsentRequest(id: "q1", sender: "bob", recipient: "alice", purpose: "study", sentAt: now), perDay: nil)
        let chem = FollowedSection(section: SectionID("CHEM111-02")!, term: TermCode("202630")!)
        try await source.setAlertPreferences(
            AlertPreferences(email: false, daily: true, sections: [chem], rooms: ["O169"], people: ["bob"]), of: "alice", at: now)
        _ = try await source.queueAlerts([NewAlert(username: "alice", refreshes: ["r1"], dueAt: now)], refreshes: ["r1"], at: now)
        let claim = try await source.claimDueAlerts(at: now, limit: 10, for: 60)
        try await source.settleAlerts(claim.alerts.map(\.id), of: claim.token, as: .sent(subject: "CHEM111 moved", lines: ["to O169"]), at: now)
        _ = try await source.alertSigningKey()
        return source
    }

    @Test("every row arrives as it was: read back through the PostgreSQL store, each answer equals the SQLite store's")
    func copiesEverything() async throws {
        let source = try await filledSource()
        let destination = try await TestPostgres.emptyStore()
        let copied = try await destination.copy(from: source)
        #expect(copied.map(\.table) == StateTable.all.map(\.name))
        #expect(copied.first { $0.table == "disclosures" }?.rows == 3)

        let stores: [any UserStateStore] = [source, destination]
        var answers: [String] = []
        for store in stores {
            var answer = ""
            answer += "\(try await store.favorites(owner: "alice", group: nil))\n"
            answer += "\(try await store.sessions(username: "alice"))\n"
            answer += "\(try await store.loginFailureTimes(.pair(username: "bob", address: "10.0.0.1"), since: now - 1))\n"
            answer += "\(try await store.lockouts(of: "bob", since: now - 1))\n"
            answer += "\(try await store.shares(owner: "alice"))\n"
            answer += "\(try await store.disclosures(matching: DisclosureQuery(), limit: 10, offset: 0))\n"
            answer += "\(try await store.consents(grantor: "alice", includingRevoked: true))\n"
            answer += "\(try await store.requests(involving: "alice"))\n"
            answer += "\(try await store.alertPreferences(of: "alice"))\n"
            answer += "\(try await store.alerts(of: "alice", limit: 10))\n"
            answer += "\(try await store.queuedRefreshes(among: ["r1", "r2"]))\n"
            answer += "\(try await store.alertSigningKey())\n"
            answers.append(answer)
        }
        #expect(answers[0] == answers[1])

        // What is written next numbers itself after what was copied.
        try await destination.recordDisclosures([Disclosure(at: now + 9, viewer: "regis", record: .roster, subject: "X", term: nil, rule: "r")])
        #expect(try await destination.disclosures(matching: DisclosureQuery(), limit: 1, offset: 0).items.first?.sequence == 4)
        _ = try await destination.queueAlerts([NewAlert(username: "bob", refreshes: ["r2"], dueAt: now)], refreshes: ["r2"], at: now)
        #expect(try await destination.claimDueAlerts(at: now, limit: 10, for: 60).alerts.map(\.id) == [2])
    }

    @Test("a database that holds anything already is refused, and left as it was")
    func refusesAFilledDatabase() async throws {
        let source = try await filledSource()
        let destination = try await TestPostgres.emptyStore()
        _ = try await destination.addFavorite("someone", owner: "carol", group: "favorites", now: now, limits: nil)
        let refused = await #expect(throws: UserStateError.self) { _ = try await destination.copy(from: source) }
        #expect("\(refused.map { "\($0)" } ?? "")".contains("favorites already"))
        #expect(try await destination.favorites(owner: "alice", group: nil).isEmpty)
        #expect(try await destination.favorites(owner: "carol", group: nil).count == 1)
    }

    @Test("numbers SQLite gave rows since removed are never given again")
    func keepsNumbering() async throws {
        let source = try SQLiteUserState.inMemory()
        try await source.recordDisclosures((0..<3).map {
            Disclosure(at: now + Double($0), viewer: "regis", record: .schedule, subject: "alice", term: nil, rule: "r")
        })
        #expect(try await source.removeDisclosures(before: now + 10) == 3, "all past the retention")
        let destination = try await TestPostgres.emptyStore()
        _ = try await destination.copy(from: source)
        try await destination.recordDisclosures([Disclosure(at: now + 20, viewer: "regis", record: .roster, subject: "X", term: nil, rule: "r")])
        #expect(try await destination.disclosures(matching: DisclosureQuery(), limit: 1, offset: 0).items.first?.sequence == 4)
    }
}
