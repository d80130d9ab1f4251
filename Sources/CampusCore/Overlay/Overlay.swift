/// Several people's weeks laid over one another: when everyone is free, the best slots
/// when nobody suits all, and the weekly grid of who is busy; all from one ``BusyTimeline``.
///
/// ```swift
/// let overlay = try Overlay(members: [
///     OverlayMember(id: "brennam", meetings: brennamMeetings),
///     OverlayMember(id: "whitfid", meetings: whitfidMeetings),
/// ])
/// overlay.freeSlots.first?.summary   // "Mon 8:00am-9:00am"
/// ```
public struct Overlay: Sendable {
    /// The members, each id once (the first of repeated ids is kept), in the order given.
    public let members: [OverlayMember]
    /// The options the overlay was computed with.
    public let options: OverlayOptions
    /// Slots when every member is free, merged, at least the minimum length, by day and time.
    public let freeSlots: [OverlaySlot]
    /// Slots of at least the minimum length by how many are free (most first), then length,
    /// then day and time; each as long as the same people stay busy. The common free slots come first.
    public let ranking: [RankedSlot]
    /// The weekly grid: who is busy in each class hour of each day.
    public let grid: OverlayGrid

    /// Lays the members over one another.
    ///
    /// - Throws: ``OverlayError`` when there is nobody, too many people, no day, or a minimum below one minute.
    public init(members: [OverlayMember], options: OverlayOptions = OverlayOptions()) throws(OverlayError) {
        var seen: Set<String> = []
        let members = members.filter { seen.insert($0.id).inserted }
        try options.check(memberCount: members.count)
        self.members = members
        self.options = options
        let timeline = BusyTimeline(members: members, days: options.days, week: options.week)
        var free: [OverlaySlot] = []
        var ranked: [RankedSlot] = []
        for (index, day) in options.days.enumerated() {
            free += timeline.freeRuns(day: index, window: options.window, minimum: options.minimumMinutes)
                .map { Self.slot(day, $0) }
            ranked += Self.rankedSlots(timeline, day: index, options: options).map { range, busy in
                RankedSlot(slot: Self.slot(day, range), busy: busy.map { members[$0].id }, freeCount: members.count - busy.count)
            }
        }
        freeSlots = free
        ranking = ranked.sorted {
            ($1.freeCount, $1.slot.minutes, $0.slot.day, $0.slot.start) < ($0.freeCount, $0.slot.minutes, $1.slot.day, $1.slot.start)
        }
        grid = OverlayGrid(timeline, days: options.days)
    }

    /// An overlay answered elsewhere (by a campus server), as its answer gave it: the members
    /// (without their meetings, which the answer does not carry), its slots and its grid.
    public init(answered members: [OverlayMember], options: OverlayOptions, freeSlots: [OverlaySlot], ranking: [RankedSlot], grid: OverlayGrid) {
        self.members = members
        self.options = options
        self.freeSlots = freeSlots
        self.ranking = ranking
        self.grid = grid
    }

    private static func slot(_ day: Weekday, _ range: Range<Int>) -> OverlaySlot {
        OverlaySlot(day: day, start: ClockTime(minutes: range.lowerBound)!, end: ClockTime(minutes: range.upperBound)!)
    }

    /// Slots starting at the window's start or when someone's meeting ends: the people busy in
    /// the first `minimum` minutes, and the slot runs until someone else's meeting starts.
    private static func rankedSlots(
        _ timeline: BusyTimeline, day index: Int, options: OverlayOptions
    ) -> [(Range<Int>, [Int])] {
        let windowStart = options.window.start.minutes, windowEnd = options.window.end.minutes
        let intervals = timeline.intervals[index]
        let ends = intervals.map(\.end).filter { $0 > windowStart && $0 < windowEnd }
        var slots: [(Range<Int>, [Int])] = []
        var taken: Set<[Int]> = []
        var isBusy = [Bool](repeating: false, count: timeline.memberCount)
        for start in ([windowStart] + ends).sortedUnique() where start + options.minimumMinutes <= windowEnd {
            let busy = timeline.busyMembers(day: index, in: start..<(start + options.minimumMinutes))
            for member in busy { isBusy[member] = true }
            defer { for member in busy { isBusy[member] = false } }
            let end = intervals.first { $0.start >= start && !isBusy[$0.member] }?.start ?? windowEnd
            let range = start..<min(end, windowEnd)
            // A later start with the same end and the same people busy lies inside an earlier slot.
            guard taken.insert(busy + [-1, range.upperBound]).inserted else { continue }
            slots.append((range, busy))
        }
        return slots
    }
}
