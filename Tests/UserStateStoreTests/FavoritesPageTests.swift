import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("The user-state store: favorites a page at a time")
struct FavoritesPageTests {
    let now = Date(timeIntervalSince1970: 1_772_200_000)

    @Test("a page holds what the whole list holds there, in its order, with the count of all; past the end, none", arguments: StoreKind.allCases)
    func pagesAreSlicesOfTheList(kind: StoreKind) async throws {
        let store = try await kind.make()
        for (index, person) in ["quinna", "brennam", "pikej", "fenwicp", "barlowk"].enumerated() {
            for group in ["lab", "study"] {
                _ = try await store.addFavorite(person, owner: "alice", group: group, now: now + Double(index), limits: nil)
            }
        }
        _ = try await store.addFavorite("holte", owner: "bob", group: "lab", now: now, limits: nil)
        for group in [nil, "lab", "study"] as [String?] {
            let all = try await store.favorites(owner: "alice", group: group)
            for (offset, limit) in [(0, 1), (0, 3), (2, 3), (4, 100), (9, 1), (10, 5), (50, 5)] {
                let (page, total) = try await store.favorites(owner: "alice", group: group, offset: offset, limit: limit)
                #expect(total == all.count, "\(group ?? "all"): \(total)")
                #expect(page == Array(all.dropFirst(offset).prefix(limit)), "\(group ?? "all") \(offset)+\(limit)")
            }
        }
        #expect(try await store.favorites(owner: "nobody", group: nil, offset: 0, limit: 10).total == 0)
    }
}
