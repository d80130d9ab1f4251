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
        /// The same uses' times, as plain numbers: what a search compares, read without
        /// copying (and so retaining) the uses' strings.
        var spansByDay: [[Span]] = []
    }

    /// When a use holds its room, in minutes from midnight; at the same place in its day's list as the use.
    private struct Span: Sendable {
        var start: Int
        var end: Int
        /// Whether the section has its own dates: only then does a day looked at matter.
        var isDated: Bool
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
            room.spansByDay = room.usesByDay.map { uses in
                uses.map { Span(start: $0.meeting.start.minutes, end: $0.meeting.end.minutes, isDated: $0.dates != nil) }
            }
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
        let found = search(on: day, from: start, minutes: minutes, date: date, calendar: calendar, building: building)
        return found.map { freeRoom($0, on: day) }
    }

    /// Up to `limit` of the rooms ``free(on:from:minutes:date:calendar:building:)`` finds, those
    /// in the buildings `preferring` weighs most first, in its order among the same weight:
    /// only the rooms kept are made into a `FreeRoom`.
    public func free(on day: Weekday, from start: ClockTime, minutes: Int, preferring weights: [String: Int], limit: Int) -> [FreeRoom] {
        let found = search(on: day, from: start, minutes: minutes, date: nil, calendar: nil, building: nil)
        guard !weights.isEmpty else { return found.prefix(limit).map { freeRoom($0, on: day) } }
        // Each room's weight looked up once, not in every comparison of the sort.
        let weighed = found.indices.map { (index: $0, weight: weights[seen[found[$0].order].building] ?? 0) }
        let ranked = weighed.sorted { lhs, rhs in lhs.weight != rhs.weight ? lhs.weight > rhs.weight : lhs.index < rhs.index }
        return ranked.prefix(limit).map { freeRoom(found[$0.index], on: day) }
    }

    /// A room found free: its place in ``seen``, when its next class starts (`Int.max`: none
    /// that day), and that class's place in the day's uses.
    private typealias Found = (order: Int, until: Int, next: Int?)

    /// The rooms free as ``free(on:from:minutes:date:calendar:building:)`` finds them, as plain
    /// numbers, sorted before any is made into a `FreeRoom`.
    private func search(
        on day: Weekday, from start: ClockTime, minutes: Int, date: CalendarDate?, calendar: TermCalendar?, building: String?
    ) -> [Found] {
        let end = start.minutes + max(1, minutes)
        let wanted = building?.uppercased()
        let classesMeet = date.flatMap { calendar?.noClasses(on: $0) } == nil
        var found: [Found] = []
        found.reserveCapacity(seen.count)
        let dayIndex = day.rawValue - 1
        rooms: for order in seen.indices {
            if let wanted, seen[order].building != wanted { continue }
            var next: Int?
            if classesMeet {
                let spans = seen[order].spansByDay[dayIndex]
                for index in spans.indices {
                    let span = spans[index]
                    if span.isDated, !seen[order].usesByDay[dayIndex][index].isHeld(on: date) { continue }
                    if span.start < end && start.minutes < span.end { continue rooms }
                    // Earliest first: the first to start at or after the end is the next class.
                    if next == nil, span.start >= end { next = index }
                }
            }
            found.append((order, next.map { seen[order].spansByDay[dayIndex][$0].start } ?? Int.max, next))
        }
        found.sort { lhs, rhs in lhs.until != rhs.until ? lhs.until > rhs.until : lhs.order < rhs.order }
        return found
    }

    private func freeRoom(_ found: Found, on day: Weekday) -> FreeRoom {
        let room = seen[found.order]
        let use = found.next.map { room.usesByDay[day.rawValue - 1][$0] }
        return FreeRoom(room: room.name, building: room.building, freeUntil: use?.meeting.start, nextSection: use?.section, capacity: room.capacity)
    }
}
