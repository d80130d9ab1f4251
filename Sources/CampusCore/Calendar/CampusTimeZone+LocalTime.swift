/// A moment on the campus clock: the local date and the minutes after local midnight.
public struct LocalTime: Hashable, Sendable {
    /// The local calendar date.
    public var date: CalendarDate
    /// Minutes after local midnight, `0..<1440`.
    public var minutes: Int

    /// The day of the week.
    public var weekday: Weekday { date.weekday }

    /// The time of day.
    public var clock: ClockTime { ClockTime(minutes: minutes)! }
}

extension CampusTimeZone {
    /// The campus's local date and time at a moment given in seconds since 1970 (UTC).
    ///
    /// ```swift
    /// zone.localTime(secondsSince1970: 1_779_854_400)  // 2026-05-27 04:00 UTC: 2026-05-27, 00:00 (EDT) in Indianapolis
    /// ```
    public func localTime(secondsSince1970 seconds: Int64) -> LocalTime {
        let minutesSince1970 = Int(seconds >= 0 ? seconds / 60 : (seconds - 59) / 60)
        // The offset depends on the local time; the standard one finds the local day first.
        var local = Self.split(minutesSince1970 + standardOffset)
        let offset = offset(on: local.date, minutes: local.minutes)
        if offset != standardOffset { local = Self.split(minutesSince1970 + offset) }
        return local
    }

    private static func split(_ minutesSince1970: Int) -> LocalTime {
        let days = minutesSince1970 >= 0 ? minutesSince1970 / 1440 : -((1439 - minutesSince1970) / 1440)
        return LocalTime(date: CalendarDate(dayNumber: days), minutes: minutesSince1970 - days * 1440)
    }
}
