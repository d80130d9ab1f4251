/// The weekly grid of an overlay, like the registrar's TERM GRID with several people laid
/// over it: days by class hour (``WeeklyGrid/hours`` and the evening), each cell naming who is busy.
public struct OverlayGrid: Hashable, Sendable {
    /// The days shown, in week order.
    public let days: [Weekday]
    /// The hour columns: ``WeeklyGrid/hours`` then ``WeeklyGrid/eveningStart``.
    public static let columns = WeeklyGrid.hours + [WeeklyGrid.eveningStart]
    /// `cells[day][column]`: indexes of the members busy then, sorted.
    private let cells: [[[Int]]]

    init(_ timeline: BusyTimeline, days: [Weekday]) {
        self.days = days
        let spans = Self.columns.map(Self.minutes(of:))
        cells = timeline.intervals.map { intervals in
            var row = Array(repeating: [Int](), count: spans.count)
            for interval in intervals {
                for (column, span) in spans.enumerated() where interval.start < span.upperBound && interval.end > span.lowerBound {
                    row[column].append(interval.member)
                }
            }
            return row.map { $0.count > 1 ? $0.sortedUnique() : $0 }
        }
    }

    /// A grid answered elsewhere: `busy[day][column]` the indexes of the members busy then, a
    /// column per ``columns``; `nil` when a row has another number of columns.
    public init?(days: [Weekday], busy: [[[Int]]]) {
        guard busy.count == days.count, busy.allSatisfy({ $0.count == Self.columns.count }) else { return nil }
        self.days = days
        cells = busy.map { $0.map { $0.sortedUnique() } }
    }

    /// The indexes (into ``Overlay/members``) of the members busy on `day` in hour column `hour`.
    public func busy(on day: Weekday, hour: Int) -> [Int] {
        guard let row = days.firstIndex(of: day), let column = Self.columns.firstIndex(of: hour) else { return [] }
        return cells[row][column]
    }

    /// The minutes a column covers: an hour; the first also takes the early morning, the evening the rest of the day.
    static func minutes(of hour: Int) -> Range<Int> {
        let start = hour == columns.first ? 0 : hour * 60
        let end = hour == WeeklyGrid.eveningStart ? 24 * 60 : hour * 60 + 60
        return start..<end
    }
}
