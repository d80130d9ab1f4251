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

    @Test("a meeting fills the hour columns it overlaps, its end exclusive: at :00, :10 and :50, and shorter than an hour",
          arguments: [
              ("16:10", "17:00", [16]), ("09:00", "10:00", [9]), ("09:00", "09:50", [9]), ("10:10", "11:00", [10]),
              ("14:00", "15:15", [14, 15]), ("09:30", "09:45", [9]), ("08:50", "09:10", [8, 9]), ("17:00", "18:00", [17]),
              ("17:30", "18:30", [17, WeeklyGrid.eveningStart]), ("07:00", "07:50", [8]),
          ])
    func endIsExclusive(start: String, end: String, columns: [Int]) {
        let grid = WeeklyGrid([("MA111-01", meeting("M", start, end, nil))])
        let filled = (WeeklyGrid.hours + [WeeklyGrid.eveningStart]).filter { !grid.entries(on: .monday, hour: $0).isEmpty }
        #expect(filled == columns, "\(start)-\(end)")
    }

    @Test("the overlay's grid of who is busy ends a meeting where it ends too", arguments: [("16:10", "17:00", [16]), ("09:00", "10:00", [9]), ("08:50", "09:10", [8, 9])])
    func overlayGridEndIsExclusive(start: String, end: String, columns: [Int]) throws {
        let overlay = try Overlay(members: [OverlayMember(id: "brennam", meetings: [meeting("M", start, end, nil)])])
        let busy = OverlayGrid.columns.filter { !overlay.grid.busy(on: .monday, hour: $0).isEmpty }
        #expect(busy == columns, "\(start)-\(end)")
    }
}
