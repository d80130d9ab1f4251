/// The campus time zone as a calendar file describes it: a name, the UTC
/// offsets, and the United States daylight-saving rule in force since 2007
/// (from 2:00 on the second Sunday in March to 2:00 on the first Sunday in
/// November).
///
/// ```swift
/// let zone = CampusTimeZone(name: "America/Indiana/Indianapolis", standardOffset: -300, daylightOffset: -240)
/// zone.utc(CalendarDate(iso: "2026-05-22")!, minutes: 23 * 60 + 59)   // (2026-05-23, 03:59)
/// ```
public struct CampusTimeZone: Hashable, Codable, Sendable {
    /// The IANA name, used as the iCalendar `TZID`.
    public var name: String
    /// Minutes east of UTC in winter (`-300` for UTC-05:00).
    public var standardOffset: Int
    /// Minutes east of UTC in summer; `nil` where clocks do not change.
    public var daylightOffset: Int?

    public init(name: String, standardOffset: Int, daylightOffset: Int?) {
        self.name = name
        self.standardOffset = standardOffset
        self.daylightOffset = daylightOffset
    }

    /// The offset in force at `minutes` after local midnight of `date`.
    public func offset(on date: CalendarDate, minutes: Int) -> Int {
        guard let daylightOffset else { return standardOffset }
        let springForward = Self.sunday(2, ofMonth: 3, in: date.year)
        let fallBack = Self.sunday(1, ofMonth: 11, in: date.year)
        let afterStart = date > springForward || (date == springForward && minutes >= 120)
        let beforeEnd = date < fallBack || (date == fallBack && minutes < 120)
        return afterStart && beforeEnd ? daylightOffset : standardOffset
    }

    /// The UTC date and minutes after midnight of a local date and time.
    public func utc(_ date: CalendarDate, minutes: Int) -> (date: CalendarDate, minutes: Int) {
        let total = minutes - offset(on: date, minutes: minutes)
        let days = total >= 0 ? total / 1440 : -((1439 - total) / 1440)
        return (date.adding(days: days), total - days * 1440)
    }

    /// The `n`th Sunday of a month.
    static func sunday(_ n: Int, ofMonth month: Int, in year: Int) -> CalendarDate {
        CalendarDate(year: year, month: month, day: 1)!.next(.sunday).adding(days: 7 * (n - 1))
    }

    /// The VTIMEZONE component, one content line per element.
    var vtimezone: [String] {
        var lines = ["BEGIN:VTIMEZONE", "TZID:" + name]
        guard let daylightOffset else {
            let offset = Self.offsetText(standardOffset)
            return lines + ["BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:" + offset,
                            "TZOFFSETTO:" + offset, "END:STANDARD", "END:VTIMEZONE"]
        }
        let standard = Self.offsetText(standardOffset), daylight = Self.offsetText(daylightOffset)
        lines += ["BEGIN:DAYLIGHT", "DTSTART:20070311T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
                  "TZOFFSETFROM:" + standard, "TZOFFSETTO:" + daylight, "END:DAYLIGHT"]
        lines += ["BEGIN:STANDARD", "DTSTART:20071104T020000", "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
                  "TZOFFSETFROM:" + daylight, "TZOFFSETTO:" + standard, "END:STANDARD"]
        return lines + ["END:VTIMEZONE"]
    }

    /// `-0500` from `-300`.
    static func offsetText(_ minutes: Int) -> String {
        let size = abs(minutes)
        return (minutes < 0 ? "-" : "+") + String(size / 60).leftPadded(to: 2) + String(size % 60).leftPadded(to: 2)
    }

    /// Reads `-0500` or `+0530`; `nil` otherwise.
    public static func minutes(fromOffset text: String) -> Int? {
        let characters = Array(text)
        guard characters.count == 5, characters[0] == "+" || characters[0] == "-",
              let hours = Int(String(characters[1...2])), let minutes = Int(String(characters[3...4])),
              hours < 24, minutes < 60 else { return nil }
        return (characters[0] == "-" ? -1 : 1) * (hours * 60 + minutes)
    }
}
