import CampusCore
import Testing

@Suite("Free rooms and where to meet")
struct FreeRoomFinderTests {
    static func use(_ room: String, _ section: String, _ days: String, _ start: String, _ end: String,
                    capacity: Int? = 30, dates: String? = nil) -> RoomUse {
        RoomUse(room: room, section: SectionID(section)!,
                meeting: Meeting(days: [Weekday](letters: days)!, start: ClockTime(iso: start)!, end: ClockTime(iso: end)!, room: room),
                capacity: capacity, dates: dates.flatMap { DateRange(registrar: $0) })
    }

    static let uses = [
        use("O159", "CSSE474-02", "MTRF", "09:00", "09:50", capacity: 24),
        use("O159", "CSSE415-03", "MTRF", "15:00", "15:50", capacity: 40),
        use("O157", "MA212-01", "MWF", "10:00", "10:50"),
        use("G310", "ECE332-01", "MTRF", "11:00", "11:50", capacity: nil),
        use("G315", "PH112-01", "M", "08:00", "09:50", dates: "6/8/26-7/17/26"),
    ]

    static func at(_ time: String) -> ClockTime { ClockTime(iso: time)! }

    @Test("a room is free when no meeting overlaps the span; meetings are half-open; free longest first")
    func halfOpen() {
        let finder = FreeRoomFinder(uses: Self.uses)
        let free = finder.free(on: .monday, from: Self.at("09:50"), minutes: 10)
        #expect(free.map(\.room) == ["G315", "O159", "G310", "O157"])
        #expect(free.first { $0.room == "O159" }?.freeUntil == Self.at("15:00"))
        #expect(free.first { $0.room == "O159" }?.nextSection == SectionID("CSSE415-03"))
        #expect(free.first { $0.room == "G315" }?.freeUntil == nil)
        // 10:00 for 50 minutes: O157 holds MA212 then.
        #expect(!finder.free(on: .monday, from: Self.at("09:50"), minutes: 11).contains { $0.room == "O157" })
        // The largest section held is the room's capacity; a room without capacities has none.
        #expect(free.first { $0.room == "O159" }?.capacity == 40)
        #expect(free.first { $0.room == "G310" }?.capacity == nil)
    }

    @Test("on a date, sections run only within their own dates, and no class meets on a break or outside the term")
    func dates() {
        let finder = FreeRoomFinder(uses: Self.uses)
        let calendar = TermCalendar(
            classes: DateRange(first: CalendarDate(iso: "2026-06-08")!, last: CalendarDate(iso: "2026-08-28")!),
            breaks: [DateRange(first: CalendarDate(iso: "2026-06-22")!, last: CalendarDate(iso: "2026-06-22")!)])
        let june15 = CalendarDate(iso: "2026-06-15")!, august3 = CalendarDate(iso: "2026-08-03")!
        #expect(!finder.free(on: .monday, from: Self.at("08:30"), minutes: 10, date: june15, calendar: calendar).contains { $0.room == "G315" })
        #expect(finder.free(on: .monday, from: Self.at("08:30"), minutes: 10, date: august3, calendar: calendar).contains { $0.room == "G315" })
        // Any week: the half-term section counts.
        #expect(!finder.free(on: .monday, from: Self.at("08:30"), minutes: 10).contains { $0.room == "G315" })
        let onBreak = finder.free(on: .monday, from: Self.at("09:00"), minutes: 600, date: CalendarDate(iso: "2026-06-22")!, calendar: calendar)
        #expect(onBreak.count == finder.rooms.count && onBreak.allSatisfy { $0.freeUntil == nil })
        #expect(calendar.noClasses(on: CalendarDate(iso: "2026-06-22")!) == .breakDays(calendar.breaks[0]))
        #expect(calendar.noClasses(on: CalendarDate(iso: "2026-09-01")!) == .outsideClasses(calendar.classes))
        #expect(calendar.noClasses(on: june15) == nil)
    }

    @Test("a building is the letters a room's name starts with")
    func buildings() {
        let finder = FreeRoomFinder(uses: Self.uses)
        #expect(finder.buildings == ["G", "O"])
        #expect(finder.free(on: .friday, from: Self.at("12:00"), minutes: 50, building: "o").map(\.room) == ["O157", "O159"])
        #expect(RoomBuilding.of("BI102") == "BI" && RoomBuilding.of("O203-1") == "O" && RoomBuilding.of("o159") == "O")
    }

    @Test("meeting places: rooms free for the slot, the building most members come from first")
    func meetingPlaces() {
        let places = MeetingPlaces(finder: FreeRoomFinder(uses: Self.uses))
        let fromG = [Meeting(days: [.monday], start: Self.at("11:00"), end: Self.at("11:50"), room: "G310")]
        let fromO = [Meeting(days: [.monday], start: Self.at("09:00"), end: Self.at("09:50"), room: "O159")]
        let rooms = places.rooms(on: .monday, from: Self.at("12:00"), to: Self.at("12:50"), before: [fromG, fromG, fromO])
        #expect(rooms.map(\.room) == ["G310", "G315", "O157", "O159"])
        #expect(places.buildingsComingFrom(day: .monday, start: Self.at("12:00"), meetings: [fromG, fromO, []]) == ["G": 1, "O": 1])
    }

    @Test("the best few rooms for a meeting are the free rooms, the preferred buildings' first in their order, cut to the limit", arguments: [
        [:], ["G": 2, "O": 1], ["O": 3], ["X": 1],
    ])
    func preferredFew(_ weights: [String: Int]) {
        let finder = FreeRoomFinder(uses: Self.uses)
        for start in ["08:00", "09:50", "12:00", "16:00"] {
            let all = finder.free(on: .monday, from: Self.at(start), minutes: 50)
            let expected = all.enumerated().sorted { lhs, rhs in
                let (left, right) = (weights[lhs.element.building] ?? 0, weights[rhs.element.building] ?? 0)
                return left != right ? left > right : lhs.offset < rhs.offset
            }.map(\.element)
            for limit in [0, 1, 2, 10] {
                #expect(finder.free(on: .monday, from: Self.at(start), minutes: 50, preferring: weights, limit: limit) == Array(expected.prefix(limit)),
                        "\(start), limit \(limit)")
            }
        }
    }
}
