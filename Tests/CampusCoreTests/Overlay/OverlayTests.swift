import CampusCore
import Testing

@Suite("The overlay engine")
struct OverlayTests {
    func meeting(_ days: String, _ start: String, _ end: String) -> Meeting {
        Meeting(days: [Weekday](letters: days)!, start: ClockTime(iso: start)!, end: ClockTime(iso: end)!, room: nil)
    }

    func slot(_ day: Weekday, _ start: String, _ end: String) -> OverlaySlot {
        OverlaySlot(day: day, start: ClockTime(iso: start)!, end: ClockTime(iso: end)!)
    }

    /// Four students: mornings, a lunch class, afternoons and a Wednesday lab.
    var four: [OverlayMember] {
        [
            OverlayMember(id: "ann", meetings: [meeting("MWF", "08:00", "08:50"), meeting("MTRF", "11:00", "11:50")]),
            OverlayMember(id: "bo", meetings: [meeting("MTWRF", "09:00", "09:50")]),
            OverlayMember(id: "cy", meetings: [meeting("MTRF", "13:00", "14:50")]),
            OverlayMember(id: "di", meetings: [meeting("W", "10:00", "16:50")]),
        ]
    }

    @Test("common free slots are merged, half-open and at least the minimum, only on the days asked")
    func freeSlots() throws {
        let overlay = try Overlay(members: four, options: OverlayOptions(days: [.monday, .wednesday]))
        #expect(overlay.freeSlots == [
            slot(.monday, "09:50", "11:00"), slot(.monday, "11:50", "13:00"), slot(.monday, "14:50", "17:00"),
        ])
        let short = try Overlay(members: four, options: OverlayOptions(days: [.wednesday], minimumMinutes: 10))
        #expect(short.freeSlots == [
            slot(.wednesday, "08:50", "09:00"), slot(.wednesday, "09:50", "10:00"), slot(.wednesday, "16:50", "17:00"),
        ])
    }

    @Test("the ranking puts everyone-free slots first, then k of M, naming who is busy")
    func ranking() throws {
        let overlay = try Overlay(members: four, options: OverlayOptions(days: [.wednesday]))
        #expect(overlay.freeSlots.isEmpty)
        let best = try #require(overlay.ranking.first)
        #expect(best.freeCount == 3)
        #expect(best.busy == ["di"])
        #expect(best.slot == slot(.wednesday, "09:50", "17:00"))
        #expect(overlay.ranking.allSatisfy { $0.slot.minutes >= 50 && $0.freeCount == 4 - $0.busy.count })
        let all = try Overlay(members: four, options: OverlayOptions(days: [.monday]))
        #expect(all.ranking.prefix(3).map(\.slot) == [slot(.monday, "14:50", "17:00"), slot(.monday, "09:50", "11:00"), slot(.monday, "11:50", "13:00")])
        #expect(all.ranking.prefix(3).allSatisfy { $0.busy.isEmpty })
    }

    @Test("the grid names who is busy in each class hour")
    func grid() throws {
        let overlay = try Overlay(members: four)
        #expect(overlay.grid.days == OverlayOptions.registrarWeek)
        #expect(overlay.grid.busy(on: .wednesday, hour: 8).map { overlay.members[$0].id } == ["ann"])
        #expect(overlay.grid.busy(on: .wednesday, hour: 10).map { overlay.members[$0].id } == ["di"])
        #expect(overlay.grid.busy(on: .monday, hour: 14).map { overlay.members[$0].id } == ["cy"])
        #expect(overlay.grid.busy(on: .monday, hour: 12).isEmpty)
        #expect(overlay.grid.busy(on: .saturday, hour: 9).isEmpty)
    }

    @Test("the same person twice counts once; a person with no classes is free everywhere")
    func duplicatesAndEmpty() throws {
        let overlay = try Overlay(members: four + [four[0], OverlayMember(id: "new", meetings: [])])
        #expect(overlay.members.map(\.id) == ["ann", "bo", "cy", "di", "new"])
        #expect(overlay.freeSlots == (try Overlay(members: four)).freeSlots)
        #expect(overlay.ranking.allSatisfy { !$0.busy.contains("new") })
    }

    @Test("too many people, nobody, no days and a bad minimum are errors that say how to fix them")
    func errors() {
        let many = (0..<6).map { OverlayMember(id: "p\($0)", meetings: []) }
        #expect(throws: OverlayError.tooManyMembers(count: 6, limit: 5)) {
            try Overlay(members: many, options: OverlayOptions(maximumMembers: 5))
        }
        #expect(OverlayError.tooManyMembers(count: 6, limit: 5).description.contains("at most 5"))
        #expect(throws: OverlayError.noMembers) { try Overlay(members: []) }
        #expect(throws: OverlayError.noDays) { try Overlay(members: four, options: OverlayOptions(days: [])) }
        #expect(throws: OverlayError.badMinimum(0)) { try Overlay(members: four, options: OverlayOptions(minimumMinutes: 0)) }
    }

    @Test("with a week chosen, a part-term section counts only on the days its term dates hold")
    func partOfTerm() throws {
        let firstHalf = DateRange(registrar: "6/8/26-7/17/26")!, secondHalf = DateRange(registrar: "7/20/26-8/28/26")!
        let member = OverlayMember(id: "sam", busy: [
            .init(meeting("MW", "09:00", "10:50"), dates: firstHalf),
            .init(meeting("MW", "13:00", "14:50"), dates: secondHalf),
            .init(meeting("F", "08:00", "16:50")),
        ])
        let monday = [Weekday.monday]
        let everyWeek = try Overlay(members: [member], options: OverlayOptions(days: monday))
        #expect(everyWeek.freeSlots == [slot(.monday, "08:00", "09:00"), slot(.monday, "10:50", "13:00"), slot(.monday, "14:50", "17:00")])
        let july20 = try Overlay(members: [member], options: OverlayOptions(days: monday, week: CalendarDate(iso: "2026-07-22")))
        #expect(july20.options.week == CalendarDate(iso: "2026-07-20"))
        #expect(july20.freeSlots == [slot(.monday, "08:00", "13:00"), slot(.monday, "14:50", "17:00")])
        // Friday 7/17 is the last day of the first half; the Monday after is in the second.
        let july13 = try Overlay(members: [member], options: OverlayOptions(days: [.monday, .friday], week: CalendarDate(iso: "2026-07-13")))
        #expect(july13.freeSlots == [slot(.monday, "08:00", "09:00"), slot(.monday, "10:50", "17:00"), slot(.friday, "16:50", "17:00")].filter { $0.minutes >= 50 })
        #expect(july13.grid.busy(on: .friday, hour: 12) == [0])
    }

    @Test("a daily window reads 24-hour and am/pm times and refuses the rest")
    func windows() {
        #expect(DailyWindow(parsing: "8:00-17:00") == .registrarDay)
        #expect(DailyWindow(parsing: "8am-5pm") == .registrarDay)
        #expect(DailyWindow(parsing: "9:30am - 12:15pm")?.description == "9:30am-12:15pm")
        #expect(DailyWindow(parsing: "12am-1am")?.start.minutes == 0)
        for bad in ["", "8", "17:00-8:00", "8:00-8:00", "25:00-26:00", "8:0-9:00", "13pm-2pm", "eight-five", "8-9-10"] {
            #expect(DailyWindow(parsing: bad) == nil, "\(bad)")
        }
    }
}
