import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("The user-state store: sessions, failed log-ins, shares, the record of disclosures")
struct UserStateAccessTests {
    let now = Date(timeIntervalSince1970: 1_772_200_000)

    private func session(_ hash: String, _ username: String, createdAt: Date) -> Session {
        Session(tokenHash: hash, username: username, createdAt: createdAt, lastUsedAt: createdAt, expiresAt: createdAt + 8 * 3600)
    }

    @Test("a session is kept by its token's hash, marked used (never back in time), and ended", arguments: StoreKind.allCases)
    func sessions(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.addSession(session("aa", "quinna", createdAt: now))
        #expect(try await store.session(tokenHash: "aa")?.username == "quinna")
        #expect(try await store.session(tokenHash: "bb") == nil)
        try await store.touchSession(tokenHash: "aa", at: now + 90, keptUntil: now + 9_000)
        #expect(try await store.session(tokenHash: "aa")?.lastUsedAt == now + 90)
        try await store.touchSession(tokenHash: "aa", at: now + 30, keptUntil: nil)
        #expect(try await store.session(tokenHash: "aa")?.lastUsedAt == now + 90, "a late mark never moves it back")
        #expect(try await store.session(tokenHash: "aa")?.expiresAt == now + 8 * 3600, "a session not kept keeps its end")
        #expect(try await store.removeSession(tokenHash: "aa"))
        #expect(try await !store.removeSession(tokenHash: "aa"))
        #expect(try await store.session(tokenHash: "aa") == nil)
    }

    @Test("a kept session: its end moves on with each use, never back; no idle limit; listed by device and ended by its id only for its person", arguments: StoreKind.allCases)
    func keptSessions(kind: StoreKind) async throws {
        let store = try await kind.make()
        let kept = Session(
            tokenHash: "0123456789abcdef" + String(repeating: "0", count: 48), username: "quinna", createdAt: now - 5 * 86_400,
            lastUsedAt: now - 5 * 86_400, expiresAt: now + 25 * 86_400, isKept: true, device: "Firefox on Android")
        try await store.addSession(kept)
        try await store.addSession(session("bb", "quinna", createdAt: now))
        try await store.addSession(session("cc", "valer", createdAt: now))
        try await store.touchSession(tokenHash: kept.tokenHash, at: now, keptUntil: now + 30 * 86_400)
        let found = try #require(try await store.session(tokenHash: kept.tokenHash))
        #expect(found.expiresAt == now + 30 * 86_400 && found.isKept && found.device == "Firefox on Android")
        try await store.touchSession(tokenHash: kept.tokenHash, at: now, keptUntil: now + 86_400)
        #expect(try await store.session(tokenHash: kept.tokenHash)?.expiresAt == now + 30 * 86_400, "never moved back")
        #expect(found.isValid(at: now + 29 * 86_400, idle: 3600), "no idle limit")
        #expect(!found.isValid(at: now + 30 * 86_400, idle: 3600))
        #expect(try await store.removeEndedSessions(at: now + 2 * 3600, idle: 3600) == 2, "the idle ones go, the kept one stays")
        #expect(try await store.sessions(username: "QUINNA").map(\.id) == ["0123456789abcdef"])
        #expect(try await !store.removeSession(id: "0123456789abcdef", username: "valer"), "another person's is not found")
        #expect(try await !store.removeSession(id: "0123", username: "quinna"), "a prefix is not an id")
        #expect(try await store.removeSession(id: "0123456789ABCDEF", username: "quinna"))
        #expect(try await store.sessions(username: "quinna").isEmpty)
    }

    @Test("ended sessions (past their end, or idle) are removed; live ones stay", arguments: StoreKind.allCases)
    func endedSessions(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.addSession(session("old", "a", createdAt: now - 9 * 3600))
        try await store.addSession(session("idle", "b", createdAt: now - 2 * 3600))
        try await store.addSession(session("live", "c", createdAt: now - 600))
        #expect(try await store.removeEndedSessions(at: now, idle: 3600) == 2)
        #expect(try await store.session(tokenHash: "live") != nil)
        #expect(session("live", "c", createdAt: now - 600).isValid(at: now, idle: 3600))
        #expect(!session("idle", "b", createdAt: now - 2 * 3600).isValid(at: now, idle: 3600))
    }

    @Test("a log-in attempt is counted before the directory is asked; past a key's limit it is refused and counts nothing", arguments: StoreKind.allCases)
    func failures(kind: StoreKind) async throws {
        let store = try await kind.make()
        let throttle = LoginThrottle(failures: 3, addressFailures: 5, window: 300, lockout: 900)
        let quinna = LoginAttemptKey.pair(username: "QuinnA", address: "127.0.0.1")
        for minute in 0..<3 {
            let start = try await store.beginLoginAttempt([quinna, .address("127.0.0.1")], throttle: throttle, at: now + Double(minute) * 60)
            guard case .begun(let rows) = start else { Issue.record("attempt \(minute) refused: \(start)"); return }
            #expect(rows.count == 2)
        }
        #expect(try await store.loginFailureTimes(.pair(username: "quinna", address: "127.0.0.1"), since: now) == [now, now + 60, now + 120])
        let locked = try await store.beginLoginAttempt([quinna, .address("127.0.0.1")], throttle: throttle, at: now + 180)
        #expect(locked == .locked(until: now + 120 + 900))
        #expect(try await store.loginFailureTimes(.address("127.0.0.1"), since: now).count == 3, "a refused attempt counts nothing")

        // Another username from the same address still gets through, until the address's own limit.
        let valer = LoginAttemptKey.pair(username: "valer", address: "127.0.0.1")
        guard case .begun(let rows) = try await store.beginLoginAttempt([valer, .address("127.0.0.1")], throttle: throttle, at: now + 180)
        else { Issue.record("valer refused"); return }
        try await store.logInSucceeded(rows, forgetting: valer, session: session("v", "valer", createdAt: now + 180))
        #expect(try await store.session(tokenHash: "v")?.username == "valer")
        #expect(try await store.loginFailureTimes(.address("127.0.0.1"), since: now).count == 3, "a success removes its own count")
        for _ in 0..<2 { _ = try await store.beginLoginAttempt([valer, .address("127.0.0.1")], throttle: throttle, at: now + 200) }
        #expect(try await store.beginLoginAttempt([.pair(username: "oyelarn", address: "127.0.0.1"), .address("127.0.0.1")], throttle: throttle, at: now + 201)
            == .locked(until: now + 200 + 900), "five failures from the address lock it")
        #expect(try await store.removeLoginFailures(before: now + 120) == 4)
    }

    @Test("twenty attempts at once under one key: exactly as many begin as its limit allows, the rest count nothing", arguments: StoreKind.allCases)
    func attemptsAtOnce(kind: StoreKind) async throws {
        let store = try await kind.make()
        let throttle = LoginThrottle(failures: 3, addressFailures: 100, window: 300, lockout: 900)
        let key = LoginAttemptKey.pair(username: "quinna", address: "127.0.0.1")
        let at = now
        let begun = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    if case .begun = try await store.beginLoginAttempt([key, .address("127.0.0.1")], throttle: throttle, at: at) { return true }
                    return false
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(begun == 3)
        #expect(try await store.loginFailureTimes(key, since: now - 1).count == 3)
        #expect(try await store.loginFailureTimes(.address("127.0.0.1"), since: now - 1).count == 3)
    }

    @Test("as many failures as a key's limit, spread wider than its window, lock nothing: the attempt is counted", arguments: StoreKind.allCases)
    func failuresSpreadOut(kind: StoreKind) async throws {
        let store = try await kind.make()
        let throttle = LoginThrottle(failures: 3, addressFailures: 100, window: 300, lockout: 900)
        let key = LoginAttemptKey.pair(username: "quinna", address: "127.0.0.1")
        for minute in [0, 4, 8, 12, 13] {
            let start = try await store.beginLoginAttempt([key, .address("127.0.0.1")], throttle: throttle, at: now + Double(minute) * 60)
            guard case .begun(let rows) = start else { Issue.record("attempt at minute \(minute) refused: \(start)"); return }
            #expect(rows.count == 2)
        }
        #expect(try await store.loginFailureTimes(key, since: now).count == 5)
        #expect(try await store.beginLoginAttempt([key, .address("127.0.0.1")], throttle: throttle, at: now + 14 * 60)
            == .locked(until: now + 13 * 60 + 900), "three within five minutes (8, 12, 13) lock it")
    }

    @Test("shares: kept by hash, listed per owner, fetched, revoked only by their owner", arguments: StoreKind.allCases)
    func shares(kind: StoreKind) async throws {
        let store = try await kind.make()
        #expect(try await store.addShare(Share(id: "s1", tokenHash: "h1", owner: "quinna", content: .schedule, createdAt: now,
                                               expiresAt: now + 86_400), limit: 2))
        #expect(try await store.addShare(Share(id: "s2", tokenHash: "h2", owner: "quinna", content: .overlay(group: "lab"), createdAt: now + 1,
                                               expiresAt: now + 10), limit: 2))
        #expect(try await !store.addShare(Share(id: "s3", tokenHash: "h3", owner: "quinna", content: .schedule, createdAt: now + 2,
                                                expiresAt: now + 10), limit: 2), "two kept already")
        #expect(try await store.shares(owner: "quinna").map(\.content) == [.schedule, .overlay(group: "lab")])
        #expect(try await store.share(tokenHash: "h2")?.id == "s2")
        try await store.markShareFetched(id: "s2", at: now + 5)
        #expect(try await store.share(tokenHash: "h2")?.lastFetchedAt == now + 5)
        #expect(try await !store.removeShare(id: "s1", owner: "valer"))
        #expect(try await store.share(tokenHash: "h2")?.expiresAt == now + 10)
        #expect(try await store.removeEndedShares(at: now + 10) == 1, "s2 has expired")
        #expect(try await store.removeShare(id: "s1", owner: "quinna"))
        #expect(try await store.share(tokenHash: "h1") == nil)
    }

    @Test("the record of disclosures: appended, listed newest first with a total, filtered, never changed", arguments: StoreKind.allCases)
    func disclosures(kind: StoreKind) async throws {
        let store = try await kind.make()
        let shown = (0..<5).map { index in
            Disclosure(at: now + Double(index), viewer: index < 3 ? "valer" : "regis", record: .schedule,
                       subject: "quinna", term: "202630", rule: "ferpa-strict: schedule (advisor)")
        }
        try await store.recordDisclosures(shown)
        let page = try await store.disclosures(matching: DisclosureQuery(), limit: 2, offset: 0)
        #expect(page.total == 5 && page.items.map(\.at) == [now + 4, now + 3])
        #expect(page.items.first?.sequence == 5)
        #expect(try await store.disclosures(matching: DisclosureQuery(viewer: "VALER"), limit: 10, offset: 0).total == 3)
        #expect(try await store.disclosures(matching: DisclosureQuery(subject: "QUINNA", since: now + 2), limit: 10, offset: 1).items.count == 2)
        #expect(try await store.removeDisclosures(before: now + 1) == 1)
    }

    @Test("disclosures and session look-ups made at once: each kept or found, each call's disclosures together and in their order", arguments: StoreKind.allCases)
    func manyAtOnce(kind: StoreKind) async throws {
        let store = try await kind.make()
        for index in 0..<10 { try await store.addSession(session("h\(index)", "user\(index)", createdAt: now)) }
        let viewers = (0..<40).map { "viewer\(String(format: "%02d", $0))" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, viewer) in viewers.enumerated() {
                let at = now
                group.addTask {
                    try await store.recordDisclosures((0..<3).map { part in
                        Disclosure(at: at, viewer: viewer, record: .schedule, subject: "s\(part)", term: nil, rule: "open")
                    })
                    let found = try await store.session(tokenHash: "h\(index % 12)")
                    #expect(found?.username == (index % 12 < 10 ? "user\(index % 12)" : nil))
                }
            }
            try await group.waitForAll()
        }
        let kept = try await store.disclosures(matching: DisclosureQuery(), limit: 500, offset: 0).items.reversed()
        #expect(kept.count == 120)
        #expect(Set(kept.map(\.viewer)) == Set(viewers))
        for start in stride(from: 0, to: kept.count, by: 3) {
            let call = Array(kept)[start..<start + 3]
            #expect(Set(call.map(\.viewer)).count == 1 && call.map(\.subject) == ["s0", "s1", "s2"], "one call's three, in order")
        }
    }

    @Test("log-ins ending at once: each session kept as it was given, each attempt's failures and its pair's removed", arguments: StoreKind.allCases)
    func logInsAtOnce(kind: StoreKind) async throws {
        let store = try await kind.make()
        let throttle = LoginThrottle(failures: 5, addressFailures: 100, window: 300, lockout: 900)
        let pairs = (0..<12).map { LoginAttemptKey.pair(username: "user\($0)", address: "10.0.0.\($0 % 3)") }
        var attempts: [[Int64]] = []
        for (index, pair) in pairs.enumerated() {
            _ = try await store.beginLoginAttempt([pair, .address("10.0.0.\(index % 3)")], throttle: throttle, at: now)
            guard case .begun(let rows) = try await store.beginLoginAttempt([pair, .address("10.0.0.\(index % 3)")], throttle: throttle, at: now + 1) else {
                Issue.record("\(pair) refused"); return
            }
            attempts.append(rows)
        }
        let sessions = pairs.indices.map { index in
            Session(tokenHash: "h\(index)", username: "user\(index)", createdAt: now + 2, lastUsedAt: now + 2, expiresAt: now + 3600,
                    isKept: index % 2 == 0, device: index % 3 == 0 ? nil : "Firefox on Linux")
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, pair) in pairs.enumerated() {
                let (rows, session) = (attempts[index], sessions[index])
                group.addTask { try await store.logInSucceeded(rows, forgetting: pair, session: session) }
            }
            try await group.waitForAll()
        }
        for (index, pair) in pairs.enumerated() {
            #expect(try await store.session(tokenHash: "h\(index)") == sessions[index])
            #expect(try await store.loginFailureTimes(pair, since: now - 1).isEmpty, "the pair's failures are forgotten")
        }
        #expect(try await store.loginFailureTimes(.address("10.0.0.1"), since: now - 1).count == 4, "an address keeps the failures of the first attempts; each success removed its own")
    }
}
