import CampusCore
import Testing

@Suite("The weekly grid")
struct WeeklyGridTests {
    func meeting(_ days: String, _ start: String, _ end: String, _ room: String?) -> Meeting {
        Meeting(days: [Weekday](letters: days)!, start: ClockTime(iso: start)!, end: ClockTime(iso: end)!, room: room)
    }

    @Test("places a meeting in every hour column it spans, on each of its days")
    func spans() {
        let grid = WeeklyGrid([("CSSE332-01", meeting("W", "08:00", "09:50", "O203-1"))])
        #expect(grid.entries(on: .wednesday, hour: 8).map(\.text) == ["CSSE332-01 in O203-1"])
        #expect(grid.entries(on: .wednesday, hour: 9).map(\.text) == ["CSSE332-01 in O203-1"])
        #expect(grid.entries(on: .wednesday, hour: 10).isEmpty)
        #expect(grid.entries(on: .monday, hour: 8).isEmpty)
    }

    @Test("evening meetings share one column and weekend days appear only when used")
    func eveningAndWeekend() {
        let grid = WeeklyGrid([("PH111-01", meeting("TS", "18:30", "21:00", nil))])
        #expect(grid.entries(on: .tuesday, hour: WeeklyGrid.eveningStart).map(\.text) == ["PH111-01"])
        #expect(grid.days.contains(.saturday))
        #expect(!grid.days.contains(.sunday))
        #expect(WeeklyGrid.columnTitles.first == "8:00")
        #expect(WeeklyGrid.columnTitles.last == "EVENING")
    }
}
