/// How a campus numbers its terms and keeps its time: what a lookup needs to tell
/// which term is `current` (and what day and hour it is on campus).
public struct TermClock: Hashable, Sendable {
    /// How term codes are built and named.
    public var scheme: TermScheme
    /// The campus time zone.
    public var zone: CampusTimeZone

    /// Creates a clock.
    public init(scheme: TermScheme, zone: CampusTimeZone) {
        self.scheme = scheme
        self.zone = zone
    }
}

extension CampusDescription {
    /// The term scheme and the time zone.
    public var termClock: TermClock { TermClock(scheme: termScheme, zone: timeZone) }
}

extension TermClock {
    /// The term `choice` means at a moment given in seconds since 1970: codes as
    /// they are, `current`, `next` and `previous` by the date on campus.
    public func resolve(_ choice: TermChoice, secondsSince1970: Int64) -> TermCode {
        let today = zone.localTime(secondsSince1970: secondsSince1970).date
        return choice.resolve(in: scheme, year: today.year, month: today.month)
    }
}
