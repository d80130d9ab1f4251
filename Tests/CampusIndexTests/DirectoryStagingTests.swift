import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("Directory syncs, each one write transaction")
struct DirectoryStagingTests {
    let index: TemporaryIndex
    var store: CampusDatabase { index.store }

    init() throws {
        index = try TemporaryIndex()
    }

    func usernames() throws -> Set<String> {
        Set(try ["valer", "quinna", "pruittk", "alvarezj", "user1", "user2"].filter {
            try store.directoryPerson($0, includeSuppressed: true) != nil
        })
    }

    @Test("a full sync makes the live directory exactly the staged people, and counts the changes")
    func fullSwap() throws {
        let first = try store.syncDirectory(DirectoryFixtures.everyone, .full)
        #expect((first.added, first.updated, first.removed, first.unchanged, first.suppressed) == (4, 0, 0, 0, 1))
        var quinna = DirectoryFixtures.quinna
        quinna.phone = "812-877-9999"
        let second = try store.syncDirectory([DirectoryFixtures.valer, quinna, DirectoryFixtures.someone(1)], .full, removalLimit: 0.5)
        #expect((second.added, second.updated, second.removed, second.unchanged, second.suppressed) == (1, 1, 2, 1, 0))
        #expect(try usernames() == ["valer", "quinna", "user1"])
        #expect(try store.directoryPerson("quinna")?.phone == "812-877-9999")
        #expect(try store.directoryPhoto("alvarezj", includeSuppressed: true) == nil)
    }

    @Test("an incremental sync adds and updates the staged people and removes nobody")
    func incremental() throws {
        try store.syncDirectory(DirectoryFixtures.everyone, .full)
        var pruitt = DirectoryFixtures.pruitt
        pruitt.title = "University Registrar"
        let report = try store.syncDirectory([pruitt, DirectoryFixtures.someone(1)], .incremental)
        #expect((report.added, report.updated, report.removed, report.unchanged) == (1, 1, 0, 0))
        #expect(try usernames() == ["valer", "quinna", "pruittk", "alvarezj", "user1"])
        #expect(try store.directoryPerson("PRUITTK")?.title == "University Registrar")
    }

    @Test("a username read again replaces its earlier value; readers see nothing before the commit")
    func laterValueWins() throws {
        var phoneA = DirectoryFixtures.pruitt, phoneB = DirectoryFixtures.pruitt, phoneC = DirectoryFixtures.pruitt
        (phoneA.phone, phoneB.phone, phoneC.phone) = ("1111", "2222", "3333")
        var seenDuringSync: [String?] = []
        let report = try store.syncDirectory([.people([phoneA, phoneB]), .people([phoneC])], .incremental) {
            seenDuringSync.append(try store.directoryPerson("pruittk")?.phone)
        }
        #expect(seenDuringSync == [nil, nil])
        #expect(report.added == 1)
        #expect(try store.directoryPerson("pruittk")?.phone == "3333")
    }

    @Test("a restart undoes what the sync wrote; a read that fails leaves the directory as it was")
    func restartedAndFailed() throws {
        try store.syncDirectory(DirectoryFixtures.everyone, .full)
        let restarted = try store.syncDirectory(
            [.people([DirectoryFixtures.someone(1)]), .restart, .people([DirectoryFixtures.someone(2)])], .incremental)
        #expect((restarted.added, restarted.updated) == (1, 0))
        #expect(try usernames() == ["valer", "quinna", "pruittk", "alvarezj", "user2"])

        struct ReadFailed: Error {}
        var batches = 0
        #expect(throws: ReadFailed.self) {
            try store.directory.sync(force: true, now: .now) {
                batches += 1
                if batches == 1 { return .people([DirectoryFixtures.someone(1)]) }
                throw ReadFailed()
            }
        }
        #expect(try usernames() == ["valer", "quinna", "pruittk", "alvarezj", "user2"])
    }

    @Test("a full sync of nobody or removing more than 10% of the people is refused unless forced")
    func refusedShrink() throws {
        #expect(throws: IndexError.suspiciousDirectoryShrink(source: DirectoryFixtures.source, before: 0, after: 0, removed: 0, limit: 0.1)) {
            try store.syncDirectory([], .full)
        }
        try store.syncDirectory(DirectoryFixtures.everyone, .full)
        #expect(throws: IndexError.suspiciousDirectoryShrink(source: DirectoryFixtures.source, before: 4, after: 3, removed: 1, limit: 0.1)) {
            try store.syncDirectory(Array(DirectoryFixtures.everyone.prefix(3)), .full)
        }
        #expect(try usernames() == ["valer", "quinna", "pruittk", "alvarezj"])
        let error = IndexError.suspiciousDirectoryShrink(source: DirectoryFixtures.source, before: 4, after: 3, removed: 1, limit: 0.1)
        #expect(error.description.contains("remove 1 of the 4 people") && error.description.contains("more than the 10%")
            && error.description.contains("previous directory is kept"))
        #expect(try store.syncDirectory([DirectoryFixtures.valer, DirectoryFixtures.quinna], .full, removalLimit: 0.5).removed == 2)
        #expect(try store.syncDirectory([DirectoryFixtures.valer], .full, force: true).removed == 1)
        #expect(try usernames() == ["valer"])
    }

    @Test("the sync state is stored per source; an incremental sync keeps the last full one's date")
    func syncState() throws {
        #expect(try store.directory.syncState(source: DirectoryFixtures.source) == nil)
        try store.syncDirectory(DirectoryFixtures.everyone, .full)
        var state = DirectoryFixtures.state(highWater: "20260301121500Z")
        state.cookie = [1, 2, 3]
        let later = DirectoryFixtures.syncedAt.addingTimeInterval(3600)
        let report = try store.syncDirectory([.people([DirectoryFixtures.someone(1)])], .incremental, state: state, now: later)
        let stored = try #require(try store.directory.syncState(source: DirectoryFixtures.source))
        #expect(stored == report.state)
        #expect(stored.lastFullAt == DirectoryFixtures.syncedAt && stored.lastSyncAt == later)
        #expect(stored.highWater == "20260301121500Z" && stored.cookie == [1, 2, 3])
        #expect((stored.entryCount, stored.suppressedCount) == (5, 1))
        #expect(try store.directorySyncStates() == [stored])
    }

    @Test("a full sync of another source that removes people makes this source's next sync read everyone (its high-water mark dropped)")
    func removalResetsOtherSources() throws {
        try store.syncDirectory([.people(DirectoryFixtures.everyone)], .full, state: DirectoryFixtures.state(highWater: "20260301121500Z"))
        var export = DirectoryFixtures.state(.ldif)
        export.source = "export.ldif"
        try store.syncDirectory([.people(Array(DirectoryFixtures.everyone.dropFirst()))], .full, state: export, force: true)
        #expect(try store.directory.syncState(source: DirectoryFixtures.source)?.highWater == nil)
        #expect(try store.directory.syncState(source: "export.ldif") != nil)
        try store.syncDirectory([.people(DirectoryFixtures.everyone)], .full, state: DirectoryFixtures.state(highWater: "20260302000000Z"))
        try store.syncDirectory([.people(DirectoryFixtures.everyone)], .full, state: export)
        #expect(try store.directory.syncState(source: DirectoryFixtures.source)?.highWater == "20260302000000Z",
                "a sync that removes nobody leaves other sources' marks alone")
    }
}
