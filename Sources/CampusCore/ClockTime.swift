/// A time of day in minutes after midnight, as meetings and exams use it.
public struct ClockTime: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// Minutes after midnight, `0..<1440`.
    public let minutes: Int

    /// Creates a time from minutes after midnight; `nil` outside one day.
    public init?(minutes: Int) {
        guard (0..<(24 * 60)).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// Creates a time from a 24-hour clock reading; `nil` when out of range.
    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.minutes = hour * 60 + minute
    }

    /// Reads `HH:MM` in 24-hour form, as written in JSON and on the command line.
    public init?(iso text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2,
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    /// `09:05`: 24-hour, zero-padded; the form used in JSON and CSV.
    public var iso: String {
        let h = hour < 10 ? "0\(hour)" : "\(hour)"
        let m = minute < 10 ? "0\(minute)" : "\(minute)"
        return "\(h):\(m)"
    }

    /// `9:05am`, `1:00pm`: the form people read.
    public var twelveHour: String {
        let h = hour % 12 == 0 ? 12 : hour % 12
        let m = minute < 10 ? "0\(minute)" : "\(minute)"
        return "\(h):\(m)\(hour < 12 ? "am" : "pm")"
    }

    /// The time `count` minutes later, clamped to the end of the day.
    public func adding(minutes count: Int) -> ClockTime {
        ClockTime(minutes: min(minutes + count, 24 * 60 - 1))!
    }

    public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool { lhs.minutes < rhs.minutes }

    public var description: String { iso }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = ClockTime(iso: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a time of day in HH:MM form")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}
