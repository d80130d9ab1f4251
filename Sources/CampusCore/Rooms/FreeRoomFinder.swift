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
    /// A room as the finder keeps it: what every search needs, worked out once.
    private struct Room: Sendable {
        var name: String
        var building: String
        var capacity: Int?
        /// Its uses on each weekday (index `rawValue - 1`), earliest first.
        var usesByDay: [[RoomUse]]
    }

    /// Every room seen, sorted by name.
    private let seen: [Room]
    /// Every room seen, sorted.
    public let rooms: [String]
    /// The buildings of the rooms seen, sorted.
    public let buildings: [String]

    public init(uses: [RoomUse]) {
        var byRoom: [String: Room] = [:]
        for use in uses {
            let key = use.room.uppercased()
            var room = byRoom[key] ?? Room(
                name: use.room, building: RoomBuilding.of(use.room), capacity: nil,
                usesByDay: Array(repeating: [], count: Weekday.allCases.count))
            for day in Set(use.meeting.days) { room.usesByDay[day.rawValue - 1].append(use) }
            if let capacity = use.capacity { room.capacity = max(room.capacity ?? 0, capacity) }
            byRoom[key] = room
        }
        seen = byRoom.values.map { room in
            var room = room
            room.usesByDay = room.usesByDay.map { $0.sorted { ($0.meeting.start, $0.section) < ($1.meeting.start, $1.section) } }
            return room
        }.sorted { $0.name < $1.name }
        rooms = seen.map(\.name)
        buildings = Array(Set(seen.map(\.building))).sorted()
    }

    /// How many rooms seen are in `building`.
    public func roomCount(in building: String) -> Int {
        let wanted = building.uppercased()
        return seen.count { $0.building == wanted }
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
        var found: [(order: Int, room: FreeRoom)] = []
        found.reserveCapacity(seen.count)
        rooms: for (order, room) in seen.enumerated() {
            if let wanted, room.building != wanted { continue }
            var next: RoomUse?
            if classesMeet {
                for use in room.usesByDay[day.rawValue - 1] where use.isHeld(on: date) {
                    let meeting = use.meeting
                    if meeting.start.minutes < end && start.minutes < meeting.end.minutes { continue rooms }
                    // Earliest first: the first to start at or after the end is the next class.
                    if next == nil, meeting.start.minutes >= end { next = use }
                }
            }
            found.append((order, FreeRoom(room: room.name, building: room.building, freeUntil: next?.meeting.start,
                                          nextSection: next?.section, capacity: room.capacity)))
        }
        return found.sorted { lhs, rhs in
            let left = lhs.room.freeUntil?.minutes ?? Int.max, right = rhs.room.freeUntil?.minutes ?? Int.max
            return left != right ? left > right : lhs.order < rhs.order
        }.map(\.room)
    }
}
