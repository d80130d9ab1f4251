import CampusCore
import CampusIndex
@testable import CampusLookup
import Foundation
import Testing

/// Every answer's one JSON shape, checked byte for byte against its golden file
/// (see ``Golden``), from the demo campus in memory at ``DemoIndex/now``.
@Suite("JSON shapes stay as documented")
struct ShapeGoldenTests {
    static let samples = TestCampus.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/registrar-samples")

    @Test("search: an exact username, words of a name, a course prefix, a room prefix")
    func search() async throws {
        let campus = try await DemoIndex.campus()
        try Golden.check(SearchShape(campus.search("brennam", term: nil, limit: 3, now: DemoIndex.now)), "search-username")
        try Golden.check(SearchShape(campus.search("robin vale", term: nil, limit: 3, now: DemoIndex.now)), "search-name")
        try Golden.check(SearchShape(campus.search("CSSE47", term: nil, limit: 3, now: DemoIndex.now)), "search-course")
        try Golden.check(SearchShape(campus.search("O15", term: nil, limit: 3, now: DemoIndex.now)), "search-room")
    }

    @Test("person, schedule, instructor, history")
    func people() async throws {
        let campus = try await DemoIndex.campus()
        try Golden.check(ContactShape(campus.contact(of: "valer")), "person")
        try Golden.check(ScheduleShape(campus.schedule(of: "brennam", term: nil, now: DemoIndex.now)), "schedule")
        try Golden.check(ScheduleShape(campus.teaching(of: "whitfid", term: "202640", now: DemoIndex.now)), "instructor")
        try Golden.check(HistoryShape(campus.history(of: "brennam")), "history")
    }

    @Test("roster, course, room, terms")
    func classes() async throws {
        let campus = try await DemoIndex.campus()
        try Golden.check(RosterShape(campus.roster("CSSE474-01", term: nil, now: DemoIndex.now)), "roster")
        try Golden.check(CourseShape(campus.course("CSSE47", term: nil, now: DemoIndex.now)), "course")
        try Golden.check(RoomShape(campus.room("O159", term: nil, at: WeekMoment("M 10:10"), now: DemoIndex.now)), "room")
        try Golden.check(try campus.termListings().map(TermListingShape.init), "terms")
    }

    @Test("free rooms")
    func freeRooms() async throws {
        let campus = try await DemoIndex.campus()
        let answer = try campus.freeRooms(at: .week(WeekMoment("M 10:00")!), minutes: 50, building: "O", term: "202630", now: DemoIndex.now)
        try Golden.check(FreeRoomsShape(answer, paging: Paging(offset: 0, limit: 3)), "free-rooms")
    }

    @Test("meet")
    func meet() async throws {
        let campus = try await DemoIndex.campus()
        let overlay = try await campus.overlay(
            usernames: ["brennam", "oyelarn", "paxtonr"], owner: "alice", roster: nil, term: "202630", options: OverlayOptions(), now: DemoIndex.now)
        try Golden.check(MeetShape(try campus.meetings(in: overlay, minutes: 50, top: 2, roomsEach: 2)), "meet")
    }

    @Test("overlay and favorites")
    func overlayAndFavorites() async throws {
        let demo = try await DemoIndex.fresh()
        let overlay = try await demo.campus.overlay(
            usernames: ["brennam", "whitfid"], owner: "alice", roster: nil, term: nil, options: OverlayOptions(), now: DemoIndex.now)
        try Golden.check(OverlayShape(overlay, top: 3), "overlay")
        _ = try await demo.campus.addFavorite("brennam", owner: "alice", group: "favorites", now: DemoIndex.now)
        _ = try await demo.state.addFavorite("gone", owner: "alice", group: "lab", now: DemoIndex.now, limits: nil)
        try Golden.check(FavoritesShape(try await demo.campus.favoriteStatuses(owner: "alice", group: nil, now: DemoIndex.now)), "favorites")
    }

    @Test("the two syncs' reports")
    func syncs() async throws {
        let built = try await DemoIndex.built()
        try Golden.check(built.registrarSync.map(TermSyncShape.init), "sync-registrar")
        try Golden.check(DirectorySyncShape(built.directorySync), "sync-directory")
    }

    @Test("an import of the real registrar samples, and one page read")
    func importAndPage() throws {
        let campus = CampusContext(
            index: try CampusDatabase.inMemory(), state: try SQLiteUserState.inMemory(), definition: try TestCampus.definition())
        let files = ["sample-roster.html", "CSSE220-01.csv", "no-such-page.html"].map { Self.samples.appendingPathComponent($0).path }
        try Golden.check(ImportShape(campus.importFiles(files, now: DemoIndex.now)), "import")
        try Golden.check(PageShape(campus.inspectPage(at: Self.samples.appendingPathComponent("sample-student.html").path)), "page")
    }

    @Test("errors as problem documents")
    func problems() async throws {
        let campus = try await DemoIndex.campus()
        #expect { try campus.search("brenam", term: nil, limit: 5, now: DemoIndex.now) } throws: { error in
            try Golden.check(ProblemShape(try #require(error as? CampusError)), "problem-not-found")
            return true
        }
        try Golden.check(ProblemShape(.badTerm("spring")), "problem-bad-term")
    }
}
