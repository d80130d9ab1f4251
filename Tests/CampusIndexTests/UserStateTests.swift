import CampusCore
import CampusIndex
import Foundation
import GRDB
import Testing

@Suite("The user-state store: favorites, apart from the index")
struct UserStateTests {
    let addedAt = Date(timeIntervalSince1970: 1_772_200_000)

    @Test("adding twice is a no-op the second time; listing is per owner and group, in the order added")
    func addsOnce() async throws {
        let store = try SQLiteUserState.inMemory()
        #expect(try await store.addFavorite("valer", owner: "alice", group: "favorites", now: addedAt, limits: nil) == .added)
        #expect(try await store.addFavorite("QuinnA", owner: "alice", group: "favorites", now: addedAt + 60, limits: nil) == .added)
        #expect(try await store.addFavorite("VALER", owner: "alice", group: "favorites", now: addedAt + 120, limits: nil) == .kept)
        _ = try await store.addFavorite("valer", owner: "alice", group: "lab", now: addedAt, limits: nil)
        _ = try await store.addFavorite("valer", owner: "bob", group: "favorites", now: addedAt, limits: nil)

        let mine = try await store.favorites(owner: "alice", group: "favorites")
        #expect(mine.map(\.username) == ["valer", "quinna"])
        #expect(mine.first?.addedAt == addedAt)
        #expect(try await store.favorites(owner: "alice", group: nil).map(\.group) == ["favorites", "favorites", "lab"])
        #expect(try await store.favorites(owner: "carol", group: nil).isEmpty)
    }

    @Test("remove takes one person out of one group; clear empties a group or every group of one owner")
    func removesAndClears() async throws {
        let store = try SQLiteUserState.inMemory()
        for (name, group) in [("valer", "favorites"), ("quinna", "favorites"), ("valer", "lab")] {
            _ = try await store.addFavorite(name, owner: "alice", group: group, now: addedAt, limits: nil)
        }
        _ = try await store.addFavorite("valer", owner: "bob", group: "favorites", now: addedAt, limits: nil)
        #expect(try await store.removeFavorite("Valer", owner: "alice", group: "favorites"))
        #expect(try await !store.removeFavorite("valer", owner: "alice", group: "favorites"))
        #expect(try await store.favorites(owner: "alice", group: "lab").map(\.username) == ["valer"])
        #expect(try await store.clearFavorites(owner: "alice", group: "lab") == 1)
        #expect(try await store.clearFavorites(owner: "alice", group: nil) == 1)
        #expect(try await store.favorites(owner: "alice", group: nil).isEmpty)
        #expect(try await store.favorites(owner: "bob", group: nil).count == 1)
    }

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
}
