import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("Favorites in the index")
struct FavoriteStoreTests {
    let addedAt = Date(timeIntervalSince1970: 1_772_200_000)

    @Test("adding twice is a no-op the second time; listing is per owner and group, in the order added")
    func addsOnce() throws {
        let index = try TemporaryIndex()
        let store = index.store
        #expect(try store.addFavorite("valer", owner: "alice", group: "favorites", now: addedAt))
        #expect(try store.addFavorite("QuinnA", owner: "alice", group: "favorites", now: addedAt + 60))
        #expect(try !store.addFavorite("VALER", owner: "alice", group: "favorites", now: addedAt + 120))
        try store.addFavorite("valer", owner: "alice", group: "lab", now: addedAt)
        try store.addFavorite("valer", owner: "bob", group: "favorites", now: addedAt)

        let mine = try store.favorites(owner: "alice", group: "favorites")
        #expect(mine.map(\.username) == ["valer", "quinna"])
        #expect(mine.first?.addedAt == addedAt)
        #expect(try store.favorites(owner: "alice", group: nil).map(\.group) == ["favorites", "favorites", "lab"])
        #expect(try store.favorites(owner: "carol", group: nil).isEmpty)
    }

    @Test("remove takes one person out of one group; clear empties a group or every group of one owner")
    func removesAndClears() throws {
        let index = try TemporaryIndex()
        let store = index.store
        for (name, group) in [("valer", "favorites"), ("quinna", "favorites"), ("valer", "lab")] {
            try store.addFavorite(name, owner: "alice", group: group, now: addedAt)
        }
        try store.addFavorite("valer", owner: "bob", group: "favorites", now: addedAt)
        #expect(try store.removeFavorite("Valer", owner: "alice", group: "favorites"))
        #expect(try !store.removeFavorite("valer", owner: "alice", group: "favorites"))
        #expect(try store.favorites(owner: "alice", group: "lab").map(\.username) == ["valer"])
        #expect(try store.clearFavorites(owner: "alice", group: "lab") == 1)
        #expect(try store.clearFavorites(owner: "alice", group: nil) == 1)
        #expect(try store.favorites(owner: "alice", group: nil).isEmpty)
        #expect(try store.favorites(owner: "bob", group: nil).count == 1)
    }

    @Test("favorites survive term swaps and a full directory sync that leaves their people out")
    func surviveSyncs() throws {
        let directory = try DirectoryIndex()
        let store = directory.store
        try store.addFavorite("quinna", owner: "alice", group: "favorites", now: addedAt)
        try store.addFavorite("valer", owner: "alice", group: "favorites", now: addedAt)
        try store.replaceTerm(Fixtures.fallSnapshot, force: true, now: Fixtures.crawledAt + 3600)
        try store.replaceTerm(Fixtures.springSnapshot, force: true, now: Fixtures.crawledAt + 7200)
        try store.syncDirectory([DirectoryFixtures.pruitt], .full, force: true)
        #expect(try store.favorites(owner: "alice", group: nil).map(\.username) == ["quinna", "valer"])
    }
}
