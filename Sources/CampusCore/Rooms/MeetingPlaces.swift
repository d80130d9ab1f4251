/// Where a group could meet in a slot: rooms free for the whole of it, closest first to
/// where the members are just before (the building most of them come from, then the
/// others), then those free longest.
public struct MeetingPlaces: Sendable {
    public let finder: FreeRoomFinder

    public init(finder: FreeRoomFinder) {
        self.finder = finder
    }

    /// Up to `limit` rooms free on `day` from `start` to `end`; `before` is each member's
    /// meetings that week, of which the last ending by `start` that day says where they come from.
    public func rooms(on day: Weekday, from start: ClockTime, to end: ClockTime, before meetings: [[Meeting]], limit: Int = 5) -> [FreeRoom] {
        let coming = buildingsComingFrom(day: day, start: start, meetings: meetings)
        return finder.free(on: day, from: start, minutes: end.minutes - start.minutes, preferring: coming, limit: limit)
    }

    /// How many members come from each building: the room of each one's last meeting of
    /// the day ending at or before `start`.
    public func buildingsComingFrom(day: Weekday, start: ClockTime, meetings: [[Meeting]]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for member in meetings {
            let last = member.filter { $0.days.contains(day) && $0.end <= start && $0.room != nil }.max { $0.end < $1.end }
            if let room = last?.room { counts[RoomBuilding.of(room), default: 0] += 1 }
        }
        return counts
    }
}
