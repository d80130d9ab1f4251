/// Every member's busy time, day by day, as minute intervals sorted by start:
/// the one shared input of the free slots, the ranking and the grid.
struct BusyTimeline {
    /// One member busy from `start` up to `end` (minutes after midnight).
    struct Interval {
        var member: Int
        var start: Int
        var end: Int
    }

    /// Per day of `days`, in the same order.
    let intervals: [[Interval]]
    /// How many members the intervals' `member` indexes count.
    let memberCount: Int

    /// Lays out the members' meetings on `days`; meetings that end before they start are dropped,
    /// and, when `week` (a Monday) is given, meetings on days of that week outside their dates.
    init(members: [OverlayMember], days: [Weekday], week: CalendarDate?) {
        var byDay = Array(repeating: [Interval](), count: days.count)
        for (member, person) in members.enumerated() {
            for busy in person.busy where busy.meeting.start < busy.meeting.end {
                let meeting = busy.meeting
                for day in meeting.days {
                    guard let index = days.firstIndex(of: day) else { continue }
                    if let dates = busy.dates, let week, !dates.contains(week.adding(days: day.rawValue - 1)) { continue }
                    byDay[index].append(Interval(member: member, start: meeting.start.minutes, end: meeting.end.minutes))
                }
            }
        }
        intervals = byDay.map { $0.sorted { ($0.start, $0.end) < ($1.start, $1.end) } }
        memberCount = members.count
    }

    /// The stretches of day `index` inside `window` when nobody is busy, merged, each
    /// at least `minimum` minutes: one sweep over the sorted intervals.
    func freeRuns(day index: Int, window: DailyWindow, minimum: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var cursor = window.start.minutes
        let end = window.end.minutes
        for interval in intervals[index] where interval.end > cursor {
            guard interval.start < end else { break }
            if interval.start - cursor >= minimum { runs.append(cursor..<interval.start) }
            cursor = interval.end
        }
        if end - cursor >= minimum { runs.append(cursor..<end) }
        return runs
    }

    /// The members busy at some point of `range` on day `index`, sorted, each once.
    func busyMembers(day index: Int, in range: Range<Int>) -> [Int] {
        var members: [Int] = []
        for interval in intervals[index] {
            guard interval.start < range.upperBound else { break }
            if interval.end > range.lowerBound { members.append(interval.member) }
        }
        return members.sortedUnique()
    }
}

extension Array where Element == Int {
    /// The elements sorted, each once; without hashing, for the handful a day holds.
    func sortedUnique() -> [Int] {
        var unique: [Int] = []
        unique.reserveCapacity(count)
        for element in sorted() where unique.last != element { unique.append(element) }
        return unique
    }
}
