import CampusCore
import CampusIndex
@testable import CampusLookup
import Foundation
import Testing

@Suite("Listing favorites from the index and the user-state store")
struct FavoriteStatusTests {
    /// Monday 16 March 2026, 13:00 UTC: 9:00am on campus (America/Indiana/Indianapolis, EDT),
    /// a day of the spring term's classes.
    let now = Date(timeIntervalSince1970: 1_773_666_000)

    @Test("a favorite the index lost is listed without a person; one it holds with classes and whereabouts")
    func listsKnownAndGone() async throws {
        let index = try CampusDatabase.inMemory()
        let state = try SQLiteUserState.inMemory()
        let context = CampusContext(index: index, state: state, definition: try TestCampus.definition())
        let id = SectionID("CSSE474-02")!
        let meeting = Meeting(days: [.monday], start: ClockTime(hour: 9, minute: 0)!, end: ClockTime(hour: 9, minute: 50)!, room: "O159")
        let section = Section(id: id, title: "Theory of Computation", schedule: MeetingSchedule(raw: "M/9:00/O159", meetings: [meeting]))
        try index.terms.replace(TermSnapshot(
            term: Term(code: TermCode("202630")!, name: "Spring 2025-2026"), sections: [id: section],
            people: ["quinna": Person(username: "quinna", name: "Alex Quinn", affiliation: .student)],
            enrollments: [Enrollment(section: id, username: "quinna")]), force: false, now: now)
        try index.saveDescription(try TestCampus.definition().campusDescription, now: now)
        #expect(try await context.addFavorite("QUINNA", owner: "alice", group: Favorite.defaultGroup, now: now))
        await #expect(throws: CampusError.self) { try await context.addFavorite("gone", owner: "alice", group: "lab", now: now) }
        _ = try await state.addFavorite("gone", owner: "alice", group: "lab", now: now, limits: nil)

        let statuses = try await context.favoriteStatuses(owner: "alice", group: nil, now: now)
        #expect(statuses.map(\.favorite.username) == ["quinna", "gone"])
        #expect(statuses[0].person?.name == "Alex Quinn")
        #expect(statuses[0].sections.map(\.section.id) == [id])
        #expect(statuses[0].whereabouts == .inClass(section: id, room: "O159", until: ClockTime(hour: 9, minute: 50)!))
        #expect(statuses[1].person == nil && statuses[1].term == nil)
        #expect(try await context.favoriteStatuses(owner: "bob", group: nil, now: now).isEmpty)
    }
}
