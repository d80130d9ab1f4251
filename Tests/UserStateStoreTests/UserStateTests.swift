import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("The user-state store: favorites, apart from the index")
struct UserStateTests {
    let addedAt = Date(timeIntervalSince1970: 1_772_200_000)

    @Test("adding twice is a no-op the second time; listing is per owner and group, in the order added", arguments: StoreKind.allCases)
    func addsOnce(kind: StoreKind) async throws {
        let store = try await kind.make()
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

    @Test("remove takes one person out of one group; clear empties a group or every group of one owner", arguments: StoreKind.allCases)
    func removesAndClears(kind: StoreKind) async throws {
        let store = try await kind.make()
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
}
