/// A room with no class for a while: how long it stays free, what it seats.
public struct FreeRoom: Hashable, Sendable {
    public var room: String
    public var building: String
    /// When the next class there that day starts; `nil`: free the rest of the day.
    public var freeUntil: ClockTime?
    /// That next class.
    public var nextSection: SectionID?
    /// The largest section it held in the term: its last known capacity.
    public var capacity: Int?

    /// `2:00pm (3h55m)` from `start`, or `end of day`: how long it stays free, for people.
    public func freeUntilText(from start: ClockTime) -> String {
        freeUntil.map { "\($0.twelveHour) (\(DurationText.text($0.minutes - start.minutes)))" } ?? "end of day"
    }

    public init(room: String, building: String, freeUntil: ClockTime?, nextSection: SectionID?, capacity: Int?) {
        self.room = room
        self.building = building
        self.freeUntil = freeUntil
        self.nextSection = nextSection
        self.capacity = capacity
    }
}

/// Which rooms are free when: every room the term's sections meet in, laid against their
/// weekly meetings. Meetings are half-open (a class 9:00-9:50 leaves the room free at 9:50).
///
/// ```swift
/// let finder = FreeRoomFinder(uses: uses)
/// finder.free(on: .monday, from: ClockTime(hour: 10, minute: 0)!, minutes: 50)   // rooms free 10:00-10:50
/// ```
public struct FreeRoomFinder: Sendable {
    private let uses: [String: [RoomUse]]
    private let capacities: [String: Int]
    /// Every room seen, sorted.
    public let rooms: [String]

    public init(uses: [RoomUse]) {
        var byRoom: [String: [RoomUse]] = [:]
        var names: [String: String] = [:]
        var capacities: [String: Int] = [:]
        for use in uses {
            let key = use.room.uppercased()
            names[key] = names[key] ?? use.room
            byRoom[key, default: []].append(use)
            if let capacity = use.capacity { capacities[key] = max(capacities[key] ?? 0, capacity) }
        }
        self.uses = byRoom
        self.capacities = capacities
        rooms = names.values.sorted()
    }

    /// The buildings of the rooms seen, sorted.
    public var buildings: [String] {
        Array(Set(rooms.map(RoomBuilding.of))).sorted()
    }

    /// The rooms with no class on `day` from `start` for `minutes`, in `building` when given;
    /// those free longest first, then by name.
    ///
    /// - Parameter date: the day looked at, when it is one day rather than any week: a section
    ///   whose own dates do not hold it does not count, and on a day `calendar` has no classes
    ///   (a break, before or after the term's classes) no section counts.
    public func free(
        on day: Weekday, from start: ClockTime, minutes: Int, date: CalendarDate? = nil, calendar: TermCalendar? = nil,
        building: String? = nil
    ) -> [FreeRoom] {
        let end = start.minutes + max(1, minutes)
        let wanted = building?.uppercased()
        let classesMeet = date.flatMap { calendar?.noClasses(on: $0) } == nil
        var found: [FreeRoom] = []
        for room in rooms {
            let key = room.uppercased()
            let roomBuilding = RoomBuilding.of(room)
            if let wanted, roomBuilding != wanted { continue }
            let today = classesMeet ? (uses[key] ?? []).filter { $0.meeting.days.contains(day) && $0.isHeld(on: date) } : []
            guard !today.contains(where: { $0.meeting.start.minutes < end && start.minutes < $0.meeting.end.minutes }) else { continue }
            let next = today.filter { $0.meeting.start.minutes >= end }.min { ($0.meeting.start, $0.section) < ($1.meeting.start, $1.section) }
            found.append(FreeRoom(room: room, building: roomBuilding, freeUntil: next?.meeting.start,
                                  nextSection: next?.section, capacity: capacities[key]))
        }
        return found.sorted { lhs, rhs in
            let left = lhs.freeUntil?.minutes ?? Int.max, right = rhs.freeUntil?.minutes ?? Int.max
            return left != right ? left > right : lhs.room < rhs.room
        }
    }
}
