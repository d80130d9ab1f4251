/// A week laid out like the registrar's TERM GRID: days by class hour, each
/// cell listing what meets then (`CSSE474-02 in O159`).
public struct WeeklyGrid: Hashable, Sendable {
    /// One entry of a cell.
    public struct Entry: Hashable, Sendable {
        public var label: String
        public var room: String?

        /// `CSSE474-02 in O159`.
        public var text: String { room.map { "\(label) in \($0)" } ?? label }
    }

    /// The hour columns: `8` is 8:00-8:59, ..., `17` is 5:00 pm; later meetings go to the evening column.
    public static let hours = Array(8...17)
    /// The hour from which a meeting counts as evening.
    public static let eveningStart = 18

    /// Days shown: Monday to Friday, plus a weekend day when something meets on it.
    public private(set) var days: [Weekday]
    private var cells: [Weekday: [Int: [Entry]]] = [:]

    /// Lays out labelled meetings (`label` is usually the section id).
    public init(_ meetings: [(label: String, meeting: Meeting)]) {
        var days: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
        for (label, meeting) in meetings {
            for day in meeting.days {
                days.insert(day)
                for column in Self.columns(spannedBy: meeting) {
                    cells[day, default: [:]][column, default: []].append(Entry(label: label, room: meeting.room))
                }
            }
        }
        self.days = days.sorted()
    }

    /// The entries meeting on `day` in hour column `hour` (`eveningStart` for the evening).
    public func entries(on day: Weekday, hour: Int) -> [Entry] {
        cells[day]?[hour] ?? []
    }

    /// Column headings: `8:00` ... `5:00`, `EVENING`.
    public static var columnTitles: [String] {
        hours.map { "\($0 > 12 ? $0 - 12 : $0):00" } + ["EVENING"]
    }

    /// Every hour column a meeting overlaps, its end exclusive (4:10-5:00 is in the 4:00 column
    /// alone); meetings before 8:00 show in the first column.
    static func columns(spannedBy meeting: Meeting) -> [Int] {
        let first = max(meeting.start.hour, hours.first!)
        let last = max(first, (meeting.end.minutes - 1) / 60)
        var columns: [Int] = []
        var hour = first
        while hour <= last {
            let column = hour >= eveningStart ? eveningStart : hour
            if columns.last != column { columns.append(column) }
            hour += 1
        }
        return columns.isEmpty ? [min(first, eveningStart)] : columns
    }
}
