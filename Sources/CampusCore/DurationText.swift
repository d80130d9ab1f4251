/// Reads how long something lasts as people type it: `50`, `50m`, `50min`, `1h`, `1h30m`,
/// `1h30`, `1:30`, `90 minutes`; minutes, from 1 to one day.
public enum DurationText {
    /// The longest length read: a whole day.
    public static let maximumMinutes = 24 * 60

    /// The minutes `text` names; `nil` when it names none or more than a day.
    ///
    /// ```swift
    /// DurationText.minutes("1h30m")   // 90
    /// DurationText.minutes("50")      // 50
    /// ```
    public static func minutes(_ text: some StringProtocol) -> Int? {
        let compact = text.lowercased().filter { !$0.isWhitespace }
        guard !compact.isEmpty, compact.count <= 20 else { return nil }
        if let colon = compact.firstIndex(of: ":") {
            guard let hours = number(compact[..<colon]), let minutes = number(compact[compact.index(after: colon)...]),
                  compact.distance(from: colon, to: compact.endIndex) == 3, minutes < 60 else { return nil }
            return checked(hours * 60 + minutes)
        }
        var total = 0
        var rest = Substring(compact)
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let value = number(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            // A bare number is minutes, as the last part only (`90`, `1h30`).
            guard let scale = unit.isEmpty ? (rest.isEmpty ? 1 : nil) : scale(of: unit) else { return nil }
            total += value * scale
            guard total <= maximumMinutes else { return nil }
        }
        return checked(total)
    }

    /// `50m`, `1h`, `1h30m`: the shortest way to write `minutes`.
    public static func text(_ minutes: Int) -> String {
        switch (minutes / 60, minutes % 60) {
        case (0, let rest): "\(rest)m"
        case (let hours, 0): "\(hours)h"
        case (let hours, let rest): "\(hours)h\(rest)m"
        }
    }

    private static func scale(of unit: Substring) -> Int? {
        switch unit {
        case "m", "min", "mins", "minute", "minutes": 1
        case "h", "hr", "hrs", "hour", "hours": 60
        default: nil
        }
    }

    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    private static func checked(_ minutes: Int) -> Int? {
        (1...maximumMinutes).contains(minutes) ? minutes : nil
    }
}
