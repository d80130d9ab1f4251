/// One person laid over the others: who they are and the weekly meetings that make them busy.
///
/// Meetings are half-open: `MWF 9:00-9:50` makes its people busy from 9:00 up to 9:50,
/// so a slot may start at 9:50. A meeting of a section that runs only part of the term
/// (its term dates) counts every week, unless the overlay looks at one week
/// (``OverlayOptions/week``): then only on the days of that week its dates hold.
public struct OverlayMember: Hashable, Sendable {
    /// One weekly meeting and the dates its section runs.
    public struct Busy: Hashable, Sendable {
        public var meeting: Meeting
        /// The section's term dates; `nil` when it runs the whole term.
        public var dates: DateRange?

        public init(_ meeting: Meeting, dates: DateRange? = nil) {
            self.meeting = meeting
            self.dates = dates
        }
    }

    /// The username, or any id naming the member in the answer.
    public var id: String
    /// Every weekly meeting of every section they take or teach.
    public var busy: [Busy]

    public init(id: String, busy: [Busy]) {
        self.id = id
        self.busy = busy
    }

    /// A member whose meetings all run the whole term.
    public init(id: String, meetings: [Meeting]) {
        self.init(id: id, busy: meetings.map { Busy($0) })
    }
}

/// A stretch of one day, as an overlay answers it.
public struct OverlaySlot: Hashable, Sendable {
    public var day: Weekday
    public var start: ClockTime
    /// The end (exclusive).
    public var end: ClockTime

    public init(day: Weekday, start: ClockTime, end: ClockTime) {
        self.day = day
        self.start = start
        self.end = end
    }

    /// How long the slot lasts.
    public var minutes: Int { end.minutes - start.minutes }

    /// `Mon 10:00am-11:00am`.
    public var summary: String { "\(day.name.prefix(3)) \(start.twelveHour)-\(end.twelveHour)" }
}

/// A slot when some of the members are free: the slot and who is busy in it.
public struct RankedSlot: Hashable, Sendable {
    public var slot: OverlaySlot
    /// Ids of the members busy at some point of the slot, in member order.
    public var busy: [String]
    /// How many members are free for the whole slot.
    public var freeCount: Int

    public init(slot: OverlaySlot, busy: [String], freeCount: Int) {
        self.slot = slot
        self.busy = busy
        self.freeCount = freeCount
    }
}
