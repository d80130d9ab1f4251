/// The part of each day an overlay looks at: from `start` up to, not including, `end`.
///
/// ```swift
/// DailyWindow(parsing: "8:00-17:00")   // the registrar's grid
/// DailyWindow(parsing: "9am-4:30pm")
/// ```
public struct DailyWindow: Hashable, Sendable, CustomStringConvertible {
    /// The first minute looked at.
    public let start: ClockTime
    /// The end of the window (exclusive).
    public let end: ClockTime

    /// A window from `start` to `end`; `nil` unless `start` is before `end`.
    public init?(start: ClockTime, end: ClockTime) {
        guard start < end else { return nil }
        self.start = start
        self.end = end
    }

    /// A window of no time at `moment`: nothing fits in it.
    public init(emptyAt moment: ClockTime) {
        start = moment
        end = moment
    }

    /// The registrar's grid: 8:00 to 17:00.
    public static let registrarDay = DailyWindow(start: ClockTime(hour: 8, minute: 0)!, end: ClockTime(hour: 17, minute: 0)!)!
    /// The registrar's grid with the evening: 8:00 to 22:00.
    public static let withEvening = DailyWindow(start: ClockTime(hour: 8, minute: 0)!, end: ClockTime(hour: 22, minute: 0)!)!

    /// Reads `8:00-17:00` (24-hour) or `8am-5pm`, `9:30am-4:30pm` (12-hour); `nil` when unreadable
    /// or when the start is not before the end.
    public init?(parsing text: String) {
        let sides = text.filter { !$0.isWhitespace }.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        guard sides.count == 2, let start = ClockText.read(typed: sides[0]), let end = ClockText.read(typed: sides[1]) else {
            return nil
        }
        self.init(start: start, end: end)
    }

    /// Reads a window as ``init(parsing:)`` does, taking one whose end is not after its start as
    /// the empty window at its start (no time of the day looked at): what the API answers for
    /// a window given backwards, an empty answer rather than a refusal no schema could declare.
    /// `nil` when unreadable.
    public init?(parsingAnyOrder text: String) {
        if let window = DailyWindow(parsing: text) {
            self = window
            return
        }
        let sides = text.filter { !$0.isWhitespace }.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        guard sides.count == 2, let start = ClockText.read(typed: sides[0]), ClockText.read(typed: sides[1]) != nil else { return nil }
        self.init(emptyAt: start)
    }

    /// Minutes in the window.
    public var minutes: Int { end.minutes - start.minutes }

    /// `8:00am-5:00pm`.
    public var description: String { "\(start.twelveHour)-\(end.twelveHour)" }
}
