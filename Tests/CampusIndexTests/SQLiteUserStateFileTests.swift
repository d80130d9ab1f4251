import CampusCore
import CampusIndex
import Foundation
import GRDB
import Testing

/// What only the SQLite store does: a file of its own beside the index, private to its owner,
/// append-only in the file itself, and favorites carried over from indexes of earlier versions.
@Suite("The SQLite user-state store: its file")
struct SQLiteUserStateFileTests {
    let addedAt = Date(timeIntervalSince1970: 1_772_200_000)
    let now = Date(timeIntervalSince1970: 1_772_200_000)

    @Test("the store is its own file, private to its owner; an index thrown away and rebuilt leaves it alone")
    func survivesRebuild() async throws {
        let folder = try TemporaryFolder()
        let statePath = folder.path("data/user-state.sqlite")
        let indexPath = folder.path("data/index.sqlite")
        let index = try CampusDatabase.open(path: indexPath, access: .readWrite)
        try index.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        let state = try SQLiteUserState.open(path: statePath)
        _ = try await state.addFavorite("quinna", owner: "alice", group: "favorites", now: addedAt, limits: nil)

        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: indexPath + suffix) }
        let rebuilt = try CampusDatabase.open(path: indexPath, access: .readWrite)
        try rebuilt.terms.replace(Fixtures.fallSnapshot, force: false, now: Fixtures.crawledAt)

        let reopened = try SQLiteUserState.open(path: statePath)
        #expect(try await reopened.favorites(owner: "alice", group: nil).map(\.username) == ["quinna"])
        let mode = try FileManager.default.attributesOfItem(atPath: statePath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("what is written reaches the database file itself while the store stays open, folded in beside the writes")
    func checkpointsBesideTheWrites() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("user-state.sqlite")
        let state = try SQLiteUserState.open(path: path)
        for number in 0..<20 {
            _ = try await state.addFavorite("person\(number)", owner: "alice", group: "favorites", now: addedAt, limits: nil)
        }
        // The file alone, as if the log did not exist: only what a checkpoint copied is there.
        var configuration = Configuration()
        configuration.readonly = true
        func inFile() -> Int {
            guard let file = try? DatabaseQueue(path: "file:\(path)?immutable=1", configuration: configuration) else { return 0 }
            return (try? file.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM favorites") ?? 0 }) ?? 0
        }
        var copied = inFile()
        for _ in 0..<300 where copied == 0 {
            try await Task.sleep(for: .milliseconds(100))
            copied = inFile()
        }
        #expect(copied >= 1, "no write reached the database file")
        #expect(try await state.favorites(owner: "alice", group: nil).count == 20)
    }

    @Test("a write-ahead log grown large is cut back to SQLite's thousand pages when it starts over")
    func logCutBack() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("user-state.sqlite")
        let state = try SQLiteUserState.open(path: path)
        _ = try await state.addFavorite("first", owner: "alice", group: "favorites", now: addedAt, limits: nil)
        // Another connection grows the log to 12 MB in one commit, whose own checkpoint copies it all into the file.
        let other = try DatabaseQueue(path: path)
        try await other.write { db in
            try db.execute(sql: "CREATE TABLE ballast (bytes BLOB)")
            try db.execute(sql: "INSERT INTO ballast VALUES (zeroblob(?))", arguments: [12 * 1024 * 1024])
        }
        _ = try await other.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        func logSize() throws -> Int { try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? 0 }
        #expect(try logSize() > 12 * 1024 * 1024)

        // The store's next commit starts the log over, and cuts its file back.
        _ = try await state.addFavorite("second", owner: "alice", group: "favorites", now: addedAt, limits: nil)
        #expect(try logSize() <= 4 * 1024 * 1024)
        #expect(try await state.favorites(owner: "alice", group: nil).map(\.username) == ["first", "second"])
    }

    @Test("an index of an earlier version has its favorites carried over once, then emptied")
    func carriesOverLegacyFavorites() async throws {
        let folder = try TemporaryFolder()
        let indexPath = folder.path("index.sqlite")
        _ = try CampusDatabase.open(path: indexPath, access: .readWrite)
        // What schema v5 and v6 kept in the index itself.
        let legacy = try DatabaseQueue(path: indexPath)
        try await legacy.write { db in
            try db.execute(sql: """
                CREATE TABLE favorites (owner TEXT NOT NULL, group_name TEXT NOT NULL, username TEXT NOT NULL COLLATE NOCASE,
                    added_at DATETIME NOT NULL, PRIMARY KEY (owner, group_name, username));
                INSERT INTO favorites VALUES ('alice', 'favorites', 'valer', '2026-02-27 13:46:40.000');
                INSERT INTO favorites VALUES ('alice', 'lab', 'quinna', '2026-02-27 13:46:40.000');
                """)
        }
        try legacy.close()

        let state = try SQLiteUserState.open(path: folder.path("user-state.sqlite"))
        #expect(try state.importLegacyFavorites(fromIndexAt: indexPath, now: addedAt) == 2)
        #expect(try state.importLegacyFavorites(fromIndexAt: indexPath, now: addedAt) == 0)
        let carried = try await state.favorites(owner: "alice", group: nil)
        #expect(carried.map(\.username) == ["valer", "quinna"])
        #expect(carried.first?.addedAt == addedAt)
        let left = try await DatabaseQueue(path: indexPath).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM favorites") }
        #expect(left == 0)
    }

    @Test("a disclosure cannot be rewritten in the file")
    func appendOnly() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try SQLiteUserState.open(path: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO disclosures (at, viewer, record, subject, rule) VALUES (?, 'a', 'roster', 'X', 'r')", arguments: [now])
        }
        #expect(throws: DatabaseError.self) {
            try queue.write { db in try db.execute(sql: "UPDATE disclosures SET viewer = 'b'") }
        }
    }
}
