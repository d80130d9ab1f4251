/// A day on the Gregorian calendar (year, month, day), with no time and no zone.
///
/// ```swift
/// let start = CalendarDate(iso: "2026-03-09")!   // a Monday
/// start.weekday                                   // .monday
/// start.adding(days: 4).iso                       // "2026-03-13"
/// ```
public struct CalendarDate: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a date; `nil` when the month or day does not exist (`2026-02-29`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.length(ofMonth: month, in: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `YYYY-MM-DD`, as definitions write dates.
    public init?(iso text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Reads the registrar's `M/D/YY` (`3/2/26`), a two-digit year being in the 2000s.
    public init?(registrar text: some StringProtocol) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2]) else { return nil }
        self.init(year: parts[2].count == 2 ? 2000 + year : year, month: month, day: day)
    }

    /// Days since 1970-01-01 (negative before); H. Hinnant's `days_from_civil`.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The UTC date and minutes after midnight of the moment `seconds` after 1970-01-01T00:00:00Z.
    public static func utc(secondsSince1970 seconds: Int) -> (date: CalendarDate, minutes: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : -((86_399 - seconds) / 86_400)
        return (CalendarDate(dayNumber: days), (seconds - days * 86_400) / 60)
    }

    /// The date `dayNumber` days after 1970-01-01; H. Hinnant's `civil_from_days`.
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.month = month
        day = dayOfYear - (153 * shifted + 2) / 5 + 1
    }

    /// The day of the week (1970-01-01 was a Thursday).
    public var weekday: Weekday {
        let mondayBased = ((dayNumber + 3) % 7 + 7) % 7
        return Weekday(rawValue: mondayBased + 1)!
    }

    /// The date `count` days later (earlier when negative).
    public func adding(days count: Int) -> CalendarDate {
        CalendarDate(dayNumber: dayNumber + count)
    }

    /// The first date on or after this one that falls on `weekday`.
    public func next(_ weekday: Weekday) -> CalendarDate {
        adding(days: (weekday.rawValue - self.weekday.rawValue + 7) % 7)
    }

    /// The month's English abbreviation (`Mar`), as dates in HTTP headers and for people write it.
    public var monthAbbreviation: String {
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
    }

    /// `2026-03-09`.
    public var iso: String {
        "\(year)-\(String(month).leftPadded(to: 2))-\(String(day).leftPadded(to: 2))"
    }

    /// `20260309`, the iCalendar DATE form.
    public var basic: String {
        "\(year)\(String(month).leftPadded(to: 2))\(String(day).leftPadded(to: 2))"
    }

    public var description: String { iso }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(iso: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a date in YYYY-MM-DD form such as 2026-03-09")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}
