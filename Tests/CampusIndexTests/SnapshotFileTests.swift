import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("Index snapshots: written whole, checked, served read-only, restored into a writer")
struct SnapshotFileTests {
    /// Bytes 18 and 19 of an SQLite file: 1 and 1 in rollback-journal mode, 2 and 2 in WAL mode.
    private func journalBytes(_ path: String) throws -> [UInt8] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return [data[18], data[19]]
    }

    @Test("a snapshot reads as the index did when it was written, in rollback-journal mode, whatever is written after")
    func snapshotReadsAsWritten() throws {
        let index = try TemporaryIndex()
        try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        let generation = try index.store.read { try $0.version().generation }
        let path = index.folder.path("v1.sqlite")
        try index.store.writeSnapshot(to: path)
        #expect(try journalBytes(index.store.path!) == [2, 2])
        #expect(try journalBytes(path) == [1, 1])

        try index.store.terms.replace(Fixtures.fallSnapshot, force: false, now: Fixtures.crawledAt)
        let snapshot = try CampusDatabase.openSnapshot(path: path)
        #expect(try snapshot.read { try $0.version().generation } == generation)
        #expect(try snapshot.termSummaries().map(\.term) == [Fixtures.spring])
        #expect(try snapshot.section(Fixtures.theory.id, term: Fixtures.spring.code) == Fixtures.theory)
        #expect(try index.store.termSummaries().count == 2)
        // Nothing is made beside a snapshot served immutable: no journal, no -wal, no -shm.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal") && !FileManager.default.fileExists(atPath: path + "-shm"))
    }

    @Test("a snapshot cut short, of another program, empty or missing is refused, naming the file")
    func badSnapshotsRefused() throws {
        let index = try TemporaryIndex()
        try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        let whole = index.folder.path("whole.sqlite")
        try index.store.writeSnapshot(to: whole)
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))

        let cut = index.folder.path("cut.sqlite")
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: cut))
        #expect(throws: IndexError.self) { try CampusDatabase.openSnapshot(path: cut) }

        let garbage = index.folder.path("garbage.sqlite")
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: garbage))
        #expect(throws: IndexError.self) { try CampusDatabase.openSnapshot(path: garbage) }

        let empty = index.folder.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(throws: IndexError.corrupt(path: empty, detail: "it holds no campus index: an empty file or database")) {
            try CampusDatabase.openSnapshot(path: empty)
        }

        let missing = index.folder.path("missing.sqlite")
        #expect(throws: IndexError.missing(path: missing)) { try CampusDatabase.openSnapshot(path: missing) }
    }

    @Test("restoring a snapshot into a writable index gives it the snapshot's terms and generation, and writes go on from there")
    func restoreIntoWriter() throws {
        let published = try TemporaryIndex()
        try published.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        try published.store.terms.replace(Fixtures.fallSnapshot, force: false, now: Fixtures.crawledAt)
        let path = published.folder.path("v7.sqlite")
        try published.store.writeSnapshot(to: path)
        let snapshot = try CampusDatabase.openSnapshot(path: path)
        let generation = try snapshot.read { try $0.version().generation }

        // A replica taking the refresher role over, its own index behind (one term, an older generation).
        let working = try TemporaryIndex()
        try working.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        let reader = try CampusDatabase.open(path: working.store.path!, access: .readConcurrently)
        #expect(try reader.termSummaries().count == 1)
        try working.store.restore(from: snapshot)

        #expect(try working.store.read { try $0.version().generation } == generation)
        #expect(try working.store.termSummaries().count == 2)
        #expect(try reader.termSummaries().count == 2)
        try working.store.terms.replace(Fixtures.springSnapshot, force: true, now: Fixtures.crawledAt)
        #expect(try working.store.read { try $0.version().generation } > generation)
        // The snapshot itself is never written.
        #expect(try snapshot.read { try $0.version().generation } == generation)
        #expect(try journalBytes(path) == [1, 1])
    }
}
