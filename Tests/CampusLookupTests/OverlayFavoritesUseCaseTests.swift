import CampusCore
@testable import CampusLookup
import Foundation
import Testing

@Suite("Overlays and favorites, on the demo campus in memory")
struct OverlayFavoritesUseCaseTests {
    @Test("an overlay pools people once, with a roster; its free slots leave every member free")
    func overlay() async throws {
        let campus = try await DemoIndex.campus()
        let answer = try await campus.overlay(
            usernames: ["brennam", "BRENNAM", "whitfid"], owner: "alice", roster: "CSSE474-01", term: nil,
            options: OverlayOptions(), now: DemoIndex.now)
        #expect(answer.overlay.members.map(\.id).filter { $0 == "brennam" }.count == 1)
        #expect(answer.overlay.members.count > 3)
        for slot in answer.overlay.freeSlots {
            for member in answer.overlay.members {
                #expect(!member.busy.contains { $0.meeting.days.contains(slot.day) && $0.meeting.start < slot.end && slot.start < $0.meeting.end })
            }
        }
    }

    @Test("unknown people are named together with close matches; an empty group and too many people are refused")
    func overlayErrors() async throws {
        let campus = try await DemoIndex.campus()
        await #expect { try await campus.overlay(usernames: ["brenam", "zzzz"], owner: "alice", roster: nil, term: nil,
                                                 options: OverlayOptions(), now: DemoIndex.now) } throws: { error in
            guard case .unknownPeople(let people) = error as? CampusError else { return false }
            return people.map(\.username) == ["brenam", "zzzz"] && people[0].suggestions.contains("brennam")
        }
        await #expect(throws: CampusError.emptyGroup(group: "study", owner: "alice")) {
            try await campus.overlay(usernames: ["@study"], owner: "alice", roster: nil, term: nil,
                                     options: OverlayOptions(), now: DemoIndex.now)
        }
        var few = OverlayOptions()
        few.maximumMembers = 2
        await #expect(throws: CampusError.overlay(.tooManyMembers(count: 3, limit: 2))) {
            try await campus.overlay(usernames: ["brennam", "whitfid", "paxtonr"], owner: "alice", roster: nil, term: nil,
                                     options: few, now: DemoIndex.now)
        }
    }

    @Test("favorites are kept per owner; the list says where each is now on the campus clock; a group joins an overlay")
    func favorites() async throws {
        let demo = try await DemoIndex.fresh()
        let campus = demo.campus
        #expect(try await campus.addFavorite("brennam", owner: "alice", group: "favorites", now: DemoIndex.now))
        #expect(try await !campus.addFavorite("brennam", owner: "alice", group: "favorites", now: DemoIndex.now))
        #expect(try await campus.addFavorite("whitfid", owner: "alice", group: "lab", now: DemoIndex.now))
        let statuses = try await campus.favoriteStatuses(owner: "alice", group: nil, now: DemoIndex.now)
        #expect(statuses.map(\.favorite.username) == ["brennam", "whitfid"])
        // Monday 10:10am: brennam is in CSSE415-03 (MWF 9:00-10:50 in O169).
        #expect(statuses[0].whereabouts == .inClass(section: SectionID("CSSE415-03")!, room: "O169", until: ClockTime(hour: 10, minute: 50)!))
        let overlay = try await campus.overlay(usernames: ["@lab", "brennam"], owner: "alice", roster: nil, term: nil,
                                               options: OverlayOptions(), now: DemoIndex.now)
        #expect(overlay.overlay.members.map(\.id) == ["whitfid", "brennam"])
        #expect(try await campus.removeFavorite("brennam", owner: "alice", group: "favorites"))
        #expect(try await campus.clearFavorites(owner: "alice", group: nil) == 1)
        #expect(try await campus.favoriteStatuses(owner: "alice", group: nil, now: DemoIndex.now).isEmpty)
    }
}
