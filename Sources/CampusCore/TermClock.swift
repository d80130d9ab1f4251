/// How a campus numbers its terms and keeps its time: what a lookup needs to tell
/// which term is `current` (and what day and hour it is on campus).
///
/// A campus whose term codes follow seasons (``TermScheme/quarters``) tells the
/// current term by the month. One whose registrar names its own terms (Banner:
/// ``TermScheme/registrarNamed``) tells it by each term's days of classes, as
/// the registrar's date ranges give them.
public struct TermClock: Hashable, Sendable {
    /// How term codes are built and named.
    public var scheme: TermScheme
    /// The campus time zone.
    public var zone: CampusTimeZone
    /// Each known term's first through last day of classes; used where the scheme has no seasons.
    public var termDates: [TermCode: DateRange]

    /// Creates a clock.
    public init(scheme: TermScheme, zone: CampusTimeZone, termDates: [TermCode: DateRange] = [:]) {
        self.scheme = scheme
        self.zone = zone
        self.termDates = termDates
    }
}

extension CampusDescription {
    /// The term scheme, the time zone and, for a registrar that names its own terms, their dates.
    public var termClock: TermClock {
        TermClock(scheme: termScheme, zone: timeZone,
                  termDates: termScheme.namesTermsItself ? calendar.terms.mapValues(\.classes) : [:])
    }
}

extension TermClock {
    /// The term `choice` means at a moment given in seconds since 1970: codes as
    /// they are, `current`, `next` and `previous` by the date on campus; `nil` when
    /// the clock knows no such term (a registrar-named scheme without the term's dates).
    public func resolve(_ choice: TermChoice, secondsSince1970: Int64) -> TermCode? {
        let today = zone.localTime(secondsSince1970: secondsSince1970).date
        guard scheme.namesTermsItself else { return choice.resolve(in: scheme, year: today.year, month: today.month) }
        if case .code(let code) = choice { return code }
        return TermDates(termDates).resolve(choice, today: today)
    }

    /// The term after `code`: the next season's, or the term whose classes start next.
    public func next(after code: TermCode) -> TermCode? {
        scheme.namesTermsItself ? TermDates(termDates).neighbour(of: code, later: true) : scheme.next(after: code)
    }
}

/// Terms by their days of classes, for a registrar that names its own terms.
///
/// Parallel calendars (a semester beside a quarter and a law term) overlap: of the
/// terms in session, the longest is current (the main calendar), the lowest code
/// breaking ties.
struct TermDates {
    /// Terms in order of their first day, the longer first on the same day, then by code.
    private let ordered: [(code: TermCode, days: DateRange)]

    init(_ dates: [TermCode: DateRange]) {
        ordered = dates.map { (code: $0.key, days: $0.value) }.sorted { a, b in
            if a.days.first != b.days.first { return a.days.first < b.days.first }
            if a.days.length != b.days.length { return a.days.length > b.days.length }
            return a.code < b.code
        }
    }

    /// The term in session on `today` (the longest), else the one ended last (between terms),
    /// else the first to come.
    func current(today: CalendarDate) -> TermCode? {
        let inSession = ordered.filter { $0.days.contains(today) }
        if let longest = inSession.min(by: { ($0.days.length, $1.code) > ($1.days.length, $0.code) }) { return longest.code }
        let ended = ordered.filter { $0.days.last < today }
        if let last = ended.min(by: { ($0.days.last, $0.days.length, $1.code) > ($1.days.last, $1.days.length, $0.code) }) {
            return last.code
        }
        return ordered.first?.code
    }

    func resolve(_ choice: TermChoice, today: CalendarDate) -> TermCode? {
        switch choice {
        case .code(let code): return code
        case .current: return current(today: today)
        case .next: return current(today: today).flatMap { neighbour(of: $0, later: true) }
        case .previous: return current(today: today).flatMap { neighbour(of: $0, later: false) }
        }
    }

    /// The term starting after (or before) `code` starts; among several starting the same day, the longest.
    func neighbour(of code: TermCode, later: Bool) -> TermCode? {
        guard let start = ordered.first(where: { $0.code == code })?.days.first else { return nil }
        let candidates = ordered.filter { later ? $0.days.first > start : $0.days.first < start }
        guard let day = later ? candidates.first?.days.first : candidates.last?.days.first else { return nil }
        return candidates.first { $0.days.first == day }?.code
    }
}
