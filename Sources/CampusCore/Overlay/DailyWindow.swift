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

    /// The registrar's grid: 8:00 to 17:00.
    public static let registrarDay = DailyWindow(start: ClockTime(hour: 8, minute: 0)!, end: ClockTime(hour: 17, minute: 0)!)!
    /// The registrar's grid with the evening: 8:00 to 22:00.
    public static let withEvening = DailyWindow(start: ClockTime(hour: 8, minute: 0)!, end: ClockTime(hour: 22, minute: 0)!)!

    /// Reads `8:00-17:00` (24-hour) or `8am-5pm`, `9:30am-4:30pm` (12-hour); `nil` when unreadable
    /// or when the start is not before the end.
    public init?(parsing text: String) {
        let sides = text.filter { !$0.isWhitespace }.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        guard sides.count == 2, let start = Self.time(sides[0]), let end = Self.time(sides[1]) else { return nil }
        self.init(start: start, end: end)
    }

    /// `9`, `9:30`, `13:00`, `9am`, `4:30pm`.
    private static func time(_ text: Substring) -> ClockTime? {
        var digits = text
        var shift: Int?
        if digits.hasSuffix("am") || digits.hasSuffix("pm") {
            shift = digits.hasSuffix("pm") ? 12 : 0
            digits = digits.dropLast(2)
        }
        let parts = digits.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (1...2).contains(parts[0].count),
              parts.count == 1 || parts[1].count == 2,
              let hour = Int(parts[0]), let minute = parts.count == 2 ? Int(parts[1]) : 0 else { return nil }
        guard let shift else { return ClockTime(hour: hour, minute: minute) }
        guard (1...12).contains(hour) else { return nil }
        return ClockTime(hour: hour % 12 + shift, minute: minute)
    }

    /// Minutes in the window.
    public var minutes: Int { end.minutes - start.minutes }

    /// `8:00am-5:00pm`.
    public var description: String { "\(start.twelveHour)-\(end.twelveHour)" }
}
