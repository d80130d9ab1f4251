/// Reads times of day as the registrar prints them and as people type them: the
/// one clock-text parser.
///
/// - The registrar (``read(_:afternoonHours:)``): `9:00`, `3:00` (afternoon),
///   `1:00pm`, `8:00am`, `1730`. Without am/pm, hours in the definition's
///   afternoon range (1-7) are afternoon and the rest morning and noon. Three or
///   four digits without a colon are 24-hour (`1730` is 17:30) and never shifted.
/// - A person (``read(typed:)``): `9`, `9:30`, `13:00`, `9am`, `4:30pm`, `1730`;
///   without am/pm the hour is on the 24-hour clock, with it the hour is 1-12.
public enum ClockText {
    /// The time `text` names on the registrar's pages; `nil` when it is not a time.
    public static func read(_ text: Substring, afternoonHours: ClosedRange<Int>) -> ClockTime? {
        guard let reading = Reading(text), !reading.isBareHour else { return nil }
        var hour = reading.hour
        switch reading.meridiem {
        case UInt8(ascii: "p"): if hour < 12 { hour += 12 }
        case UInt8(ascii: "a"): if hour == 12 { hour = 0 }
        default: if !reading.isTwentyFourHour, afternoonHours.contains(hour) { hour += 12 }
        }
        return ClockTime(hour: hour, minute: reading.minute)
    }

    /// The time a person typed; `nil` when it is not a time.
    public static func read(typed text: some StringProtocol) -> ClockTime? {
        guard let reading = Reading(Substring(text)) else { return nil }
        guard let meridiem = reading.meridiem else { return ClockTime(hour: reading.hour, minute: reading.minute) }
        guard (1...12).contains(reading.hour) else { return nil }
        return ClockTime(hour: reading.hour % 12 + (meridiem == UInt8(ascii: "p") ? 12 : 0), minute: reading.minute)
    }

    /// A run of ASCII digits as a number; `nil` for anything else or more than four digits.
    public static func number(_ digits: Substring.UTF8View.SubSequence) -> Int? {
        guard !digits.isEmpty, digits.count <= 4 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// The parts of a clock reading, before any am/pm or afternoon shift.
    private struct Reading {
        var hour: Int
        var minute = 0
        /// `a` or `p`, lower-cased, when the text ends in am/pm (or a/p).
        var meridiem: UInt8?
        /// Three or four digits without a colon: 24-hour.
        var isTwentyFourHour = false
        /// One or two digits alone, without colon or am/pm.
        var isBareHour = false

        init?(_ text: Substring) {
            var body = text.utf8[...]
            if let last = body.last, last | 0x20 == UInt8(ascii: "m") {
                body = body.dropLast()
                guard let mark = body.last, mark | 0x20 == UInt8(ascii: "a") || mark | 0x20 == UInt8(ascii: "p") else {
                    return nil
                }
                meridiem = mark | 0x20
                body = body.dropLast()
            } else if let last = body.last, last | 0x20 == UInt8(ascii: "a") || last | 0x20 == UInt8(ascii: "p") {
                meridiem = last | 0x20
                body = body.dropLast()
            }
            guard !body.isEmpty else { return nil }
            if let colon = body.firstIndex(of: UInt8(ascii: ":")) {
                guard let h = ClockText.number(body[..<colon]), body.distance(from: body.startIndex, to: colon) <= 2,
                      let m = ClockText.number(body[body.index(after: colon)...]),
                      body.distance(from: body.index(after: colon), to: body.endIndex) == 2 else { return nil }
                (hour, minute) = (h, m)
            } else if body.count >= 3, body.count <= 4, meridiem == nil, let value = ClockText.number(body) {
                (hour, minute, isTwentyFourHour) = (value / 100, value % 100, true)
            } else if body.count <= 2, let value = ClockText.number(body) {
                hour = value
                isBareHour = meridiem == nil
            } else {
                return nil
            }
        }
    }
}
