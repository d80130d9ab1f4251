import CampusCore

/// Reads the registrar's times of day: `9:00`, `3:00` (afternoon), `1:00pm`, `8:00am`, `1730`.
///
/// Without am/pm, hours in the definition's afternoon range (1-7) are afternoon
/// and the rest morning and noon. Three or four digits without a colon are
/// 24-hour (`1730` is 17:30) and never shifted.
enum ClockText {
    /// The time `text` names; `nil` when it is not a time.
    static func read(_ text: Substring, afternoonHours: ClosedRange<Int>) -> ClockTime? {
        var body = text.utf8[...]
        var meridiem: UInt8?
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
        var hour: Int
        var minute = 0
        var twentyFourHour = false
        if let colon = body.firstIndex(of: UInt8(ascii: ":")) {
            guard let h = number(body[..<colon]), let m = number(body[body.index(after: colon)...]),
                  body.distance(from: body.index(after: colon), to: body.endIndex) == 2 else { return nil }
            (hour, minute) = (h, m)
        } else if body.count >= 3, body.count <= 4, meridiem == nil, let value = number(body) {
            (hour, minute, twentyFourHour) = (value / 100, value % 100, true)
        } else if meridiem != nil, body.count <= 2, let value = number(body) {
            hour = value
        } else {
            return nil
        }
        switch meridiem {
        case UInt8(ascii: "p"): if hour < 12 { hour += 12 }
        case UInt8(ascii: "a"): if hour == 12 { hour = 0 }
        default: if !twentyFourHour, afternoonHours.contains(hour) { hour += 12 }
        }
        return ClockTime(hour: hour, minute: minute)
    }

    /// A run of ASCII digits as a number; `nil` for anything else or more than four digits.
    static func number(_ digits: Substring.UTF8View.SubSequence) -> Int? {
        guard !digits.isEmpty, digits.count <= 4 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
