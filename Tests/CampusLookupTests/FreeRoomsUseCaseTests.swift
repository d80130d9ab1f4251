import CampusCore
import CampusIndex
@testable import CampusLookup
import Foundation
import Testing

@Suite("Free rooms, on the demo campus in memory")
struct FreeRoomsUseCaseTests {
    /// Monday 30 March 2026, 14:00 UTC (10:00am EDT), a class day of the spring term.
    static let springMonday = Date(timeIntervalSince1970: 1_774_879_200)
    /// Friday 3 April 2026, 14:00 UTC: the first day of the spring term's Easter break.
    static let easterFriday = Date(timeIntervalSince1970: 1_775_224_800)

    /// Whether `booking` meets on `day` at some minute of `start..<end`.
    static func meets(_ booking: RoomBooking, _ day: Weekday, _ start: Int, _ end: Int) -> Bool {
        booking.meeting.days.contains(day) && booking.meeting.start.minutes < end && start < booking.meeting.end.minutes
    }

    @Test("each room listed is free by its own schedule for the whole span, until its next class; each left out is busy",
          arguments: ["M 8:00", "M 10:00", "T 13:30", "W 9:50", "R 11:00", "F 16:00"])
    func againstRoomSchedules(at text: String) async throws {
        let campus = try await DemoIndex.campus()
        let moment = try #require(WeekMoment(text))
        let answer = try campus.freeRooms(at: .week(moment), minutes: 50, building: nil, term: "202630", now: DemoIndex.now)
        let start = moment.time.minutes, end = start + 50
        let listed = Set(answer.rooms.map(\.room))
        #expect(answer.roomsSeen > 10)
        #expect(!listed.isEmpty)
        let allRooms = try campus.read { try $0.rooms(prefix: "", term: TermCode("202630")!) }
        #expect(allRooms.count == answer.roomsSeen)
        for room in allRooms {
            let bookings = try campus.room(room, term: "202630", at: moment, now: DemoIndex.now).bookings
            let busy = bookings.contains { Self.meets($0, moment.day, start, end) }
            #expect(busy != listed.contains(room), "\(room) at \(text): busy \(busy), listed \(listed.contains(room))")
            guard let free = answer.rooms.first(where: { $0.room == room }) else { continue }
            let next = bookings.filter { $0.meeting.days.contains(moment.day) && $0.meeting.start.minutes >= end }
                .min { $0.meeting.start < $1.meeting.start }
            #expect(free.freeUntil == next?.meeting.start, "\(room) at \(text)")
            #expect(free.capacity == bookings.compactMap(\.section.capacity).max(), "\(room): the largest section it held")
        }
        let untils = answer.rooms.map { $0.freeUntil?.minutes ?? Int.max }
        #expect(untils == untils.sorted(by: >), "free longest first")
    }

    @Test("now: the campus clock's day and time in the term whose classes hold today; a break frees every room")
    func now() async throws {
        let campus = try await DemoIndex.campus()
        let monday = try campus.freeRooms(at: .now, minutes: 50, building: nil, term: nil, now: Self.springMonday)
        #expect(monday.term.code.rawValue == "202630")
        #expect(monday.date == CalendarDate(iso: "2026-03-30") && monday.moment == WeekMoment("M 10:00"))
        #expect(monday.noClasses == nil)
        let weekly = try campus.freeRooms(at: .week(WeekMoment("M 10:00")!), minutes: 50, building: nil, term: "202630", now: Self.springMonday)
        #expect(monday.rooms == weekly.rooms, "a spring Monday is every spring Monday")
        #expect(monday.rooms.count < monday.roomsSeen)

        let easter = try campus.freeRooms(at: .now, minutes: 50, building: nil, term: nil, now: Self.easterFriday)
        guard case .breakDays(let days) = easter.noClasses else {
            Issue.record("Easter Friday is a break: \(String(describing: easter.noClasses))")
            return
        }
        #expect(days.first == CalendarDate(iso: "2026-04-03"))
        #expect(easter.rooms.count == easter.roomsSeen && easter.rooms.allSatisfy { $0.freeUntil == nil })
    }

    @Test("a building narrows the rooms; one with no room in use is a no-match naming the buildings")
    func building() async throws {
        let campus = try await DemoIndex.campus()
        let inO = try campus.freeRooms(at: .week(WeekMoment("M 10:00")!), minutes: 50, building: "o", term: "202630", now: DemoIndex.now)
        #expect(inO.building == "O" && !inO.rooms.isEmpty && inO.rooms.allSatisfy { $0.building == "O" })
        #expect {
            try campus.freeRooms(at: .week(WeekMoment("M 10:00")!), minutes: 50, building: "ZZ", term: "202630", now: DemoIndex.now)
        } throws: { error in
            guard case .noMatch(_, let query, let suggestions) = error as? CampusError else { return false }
            return query == "ZZ" && suggestions.contains("O")
        }
    }
}
