import CampusCore
import CampusIndex
import Foundation
import Testing

/// The alert queue in the user-state store: each refresh queued once, each alert sent by one
/// sender, none lost when a sender stops midway.
@Suite("The user-state store: the alert queue")
struct AlertQueueTests {
    let now = Date(timeIntervalSince1970: 1_772_200_000)

    @Test("a refresh is queued once, even by two runs that each saw it as new", arguments: StoreKind.allCases)
    func queuedOnce(kind: StoreKind) async throws {
        let store = try await kind.make()
        #expect(try await !store.anyRefreshQueued())
        let first = [NewAlert(username: "brennam", refreshes: ["r1"], dueAt: now)]
        #expect(try await store.queueAlerts(first, refreshes: ["r1"], at: now) == 1)
        // A second run computed r1 and r2 together before the first committed.
        let second = [NewAlert(username: "Brennam", refreshes: ["r1", "r2"], dueAt: now), NewAlert(username: "kincaib", refreshes: ["r1"], dueAt: now)]
        #expect(try await store.queueAlerts(second, refreshes: ["r1", "r2"], at: now) == 1)
        let due = try await store.claimDueAlerts(at: now, limit: 10, for: 600).alerts
        #expect(due.map(\.refreshes) == [["r1"], ["r2"]], "r1 once, r2 once; kincaib's r1 came too late to be news twice")
        #expect(try await store.queuedRefreshes(among: ["r1", "r2", "r3"]) == ["r1", "r2"])
        #expect(try await store.anyRefreshQueued())
    }

    @Test("a claimed alert is nobody else's until settled, released, or its lease runs out", arguments: StoreKind.allCases)
    func claims(kind: StoreKind) async throws {
        let store = try await kind.make()
        _ = try await store.queueAlerts(
            [NewAlert(username: "brennam", refreshes: ["r1"], dueAt: now), NewAlert(username: "ashbye", refreshes: ["r1"], dueAt: now)],
            refreshes: ["r1"], at: now)
        let claim = try await store.claimDueAlerts(at: now, limit: 10, for: 600)
        let mine = claim.alerts
        #expect(mine.count == 2)
        #expect(try await store.claimDueAlerts(at: now, limit: 10, for: 600).alerts.isEmpty, "a second sender finds nothing to send")
        try await store.settleAlerts([mine[0].id], of: claim.token, as: .sent(subject: "s", lines: ["l"]), at: now)
        try await store.releaseAlerts([mine[1].id], of: claim.token, at: now)
        let again = try await store.claimDueAlerts(at: now, limit: 10, for: 600)
        #expect(again.alerts.map(\.id) == [mine[1].id], "the released one only; the sent one never again")
        let takenOver = try await store.claimDueAlerts(at: now.addingTimeInterval(601), limit: 10, for: 600)
        #expect(takenOver.alerts.map(\.id) == [mine[1].id], "a sender that stopped midway gives its claim up when the lease runs out")
        // The first sender wakes up late: what it settles or gives back of a claim taken over stays the new holder's.
        try await store.releaseAlerts([mine[1].id], of: again.token, at: now.addingTimeInterval(602))
        try await store.settleAlerts([mine[1].id], of: again.token, as: .dropped(note: "late"), at: now.addingTimeInterval(602))
        #expect(try await store.claimDueAlerts(at: now.addingTimeInterval(603), limit: 10, for: 600).alerts.isEmpty,
                "still held by the sender that took it over")
        try await store.settleAlerts([mine[1].id], of: takenOver.token, as: .sent(subject: "s", lines: ["l"]), at: now.addingTimeInterval(603))
        #expect(try await store.alerts(of: "ashbye", limit: 10).map(\.status) == [.sent], "settled once, by its holder")
        #expect(try await store.unreadAlerts(of: "brennam") == 1)
        #expect(try await store.markAlertsRead(of: "BRENNAM", at: now) == 1)
        #expect(try await store.unreadAlerts(of: "brennam") == 0)
    }

    @Test("a failed attempt waits its pause, unless the mail service is back; old delivered alerts are forgotten", arguments: StoreKind.allCases)
    func retries(kind: StoreKind) async throws {
        let store = try await kind.make()
        _ = try await store.queueAlerts([NewAlert(username: "brennam", refreshes: ["r1"], dueAt: now)], refreshes: ["r1"], at: now)
        let claimed = try await store.claimDueAlerts(at: now, limit: 10, for: 600)
        try await store.settleAlerts(claimed.alerts.map(\.id), of: claimed.token, as: .retry(note: "down", at: now.addingTimeInterval(60)), at: now)
        #expect(try await store.claimDueAlerts(at: now, limit: 10, for: 600).alerts.isEmpty)
        let state = try await store.alertQueueState()
        #expect(state.pending == 1 && state.failing == 1 && state.lastFailure == "down")
        #expect(try await store.retryFailedAlerts(at: now) == 1)
        let retried = try await store.claimDueAlerts(at: now, limit: 10, for: 600)
        #expect(retried.alerts.first?.attempts == 1)
        _ = try await store.retryFailedAlerts(at: now)
        #expect(try await store.claimDueAlerts(at: now, limit: 10, for: 600).alerts.isEmpty,
                "trying failed alerts again at once frees none another sender holds")
        try await store.settleAlerts(retried.alerts.map(\.id), of: retried.token, as: .sent(subject: "s", lines: ["l"]), at: now)
        #expect(try await store.forgetAlerts(before: now.addingTimeInterval(1)) == 1)
        #expect(try await store.alerts(of: "brennam", limit: 10).isEmpty)
    }

    @Test("sections, rooms and people followed are kept as set, each once, and found by what a refresh changed", arguments: StoreKind.allCases)
    func followers(kind: StoreKind) async throws {
        let store = try await kind.make()
        #expect(try await store.alertPreferences(of: "garlanr") == .standard)
        let chem = FollowedSection(section: SectionID("CHEM111-02")!, term: TermCode("202630")!)
        let chosen = AlertPreferences(email: false, daily: true, sections: [chem], rooms: ["o169", "O169"], people: ["Brennam"])
        try await store.setAlertPreferences(chosen, of: "GarlanR", at: now)
        let kept = try await store.alertPreferences(of: "garlanr")
        #expect(kept == AlertPreferences(email: false, daily: true, sections: [chem], rooms: ["O169"], people: ["brennam"]))
        try await store.setAlertPreferences(AlertPreferences(rooms: ["BI102"]), of: "whitfid", at: now)

        let found = try await store.followers(of: [chem], rooms: ["O169", "BI102", "E104"], people: ["brennam", "ashbye"])
        #expect(found.sections == [chem: ["garlanr"]])
        #expect(found.rooms == ["O169": ["garlanr"], "BI102": ["whitfid"]])
        #expect(found.people == ["brennam": ["garlanr"]])

        try await store.setAlertPreferences(AlertPreferences(), of: "garlanr", at: now)
        let after = try await store.followers(of: [chem], rooms: ["O169"], people: ["brennam"])
        #expect(after.sections.isEmpty && after.rooms.isEmpty && after.people.isEmpty, "settings replaced, not added to")
    }
}
