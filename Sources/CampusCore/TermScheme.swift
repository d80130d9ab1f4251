/// How a registrar numbers its terms: `YYYYQQ`, where `YYYY` is the year the
/// academic year ends and `QQ` names the season; or, with no seasons
/// (``registrarNamed``), as the registrar's own term list codes and names them.
///
/// The scheme comes from the registrar's definition file, so another
/// registrar's seasons need a new file, not new code.
public struct TermScheme: Hashable, Codable, Sendable {
    /// One season of the academic year, in order.
    public struct Season: Hashable, Codable, Sendable {
        /// The two-digit suffix (`10`).
        public var code: String
        /// The name printed in headings (`Fall`).
        public var name: String
        /// The calendar month the season starts in (1-12), used to find the current term.
        public var startMonth: Int

        public init(code: String, name: String, startMonth: Int) {
            self.code = code
            self.name = name
            self.startMonth = startMonth
        }
    }

    /// The seasons in academic-year order.
    public var seasons: [Season]

    public init(seasons: [Season]) {
        self.seasons = seasons
    }

    /// A registrar that codes and names its own terms (Banner: `201715` "Fall 2016 CPS
    /// Quarter"): no seasons; the current term is told by each term's dates.
    public static let registrarNamed = TermScheme(seasons: [])

    /// Whether the registrar codes and names its terms itself (no seasons).
    public var namesTermsItself: Bool { seasons.isEmpty }

    /// Rose-Hulman's: 10 fall, 20 winter, 30 spring, 40 summer.
    public static let quarters = TermScheme(seasons: [
        Season(code: "10", name: "Fall", startMonth: 9),
        Season(code: "20", name: "Winter", startMonth: 12),
        Season(code: "30", name: "Spring", startMonth: 3),
        Season(code: "40", name: "Summer", startMonth: 6),
    ])

    private func split(_ code: TermCode) -> (year: Int, season: Int)? {
        let raw = code.rawValue
        guard raw.count == 6, let year = Int(raw.prefix(4)),
              let index = seasons.firstIndex(where: { $0.code == raw.suffix(2) }) else { return nil }
        return (year, index)
    }

    private func code(year: Int, season: Int) -> TermCode {
        TermCode("\(year)\(seasons[season].code)")!
    }

    /// `Spring 2025-2026` for `202630`; `nil` when the code does not fit the scheme.
    public func name(of code: TermCode) -> String? {
        guard let (year, season) = split(code) else { return nil }
        return "\(seasons[season].name) \(year - 1)-\(year)"
    }

    /// Reads a printed name (`Spring 2025-2026`) back into its code.
    public func code(named name: String) -> TermCode? {
        let words = name.split(whereSeparator: \.isWhitespace)
        guard words.count == 2,
              let season = seasons.firstIndex(where: { $0.name.lowercased() == words[0].lowercased() })
        else { return nil }
        let years = words[1].split(separator: "-")
        guard years.count == 2, let end = Int(years[1]), let start = Int(years[0]), end == start + 1 else {
            return nil
        }
        return code(year: end, season: season)
    }

    /// The term after `code` (`202640` follows `202630`; `202710` follows `202640`).
    public func next(after code: TermCode) -> TermCode? {
        guard let (year, season) = split(code) else { return nil }
        return season + 1 < seasons.count ? self.code(year: year, season: season + 1) : self.code(year: year + 1, season: 0)
    }

    /// The term before `code` (`202540` comes before `202610`).
    public func previous(before code: TermCode) -> TermCode? {
        guard let (year, season) = split(code) else { return nil }
        return season > 0 ? self.code(year: year, season: season - 1) : self.code(year: year - 1, season: seasons.count - 1)
    }

    /// The term in session on a calendar date: the latest season whose start month has come.
    ///
    /// - Parameters:
    ///   - year: The calendar year.
    ///   - month: The calendar month, 1-12.
    ///
    /// - Precondition: The scheme has seasons (``TermClock`` tells a registrar-named term by its dates).
    public func current(year: Int, month: Int) -> TermCode {
        precondition(!seasons.isEmpty, "a registrar-named scheme has no seasons to tell the current term by")
        // Walk back from the last season of the academic year ending next calendar year
        // until one has started.
        var candidate = code(year: year + 1, season: seasons.count - 1)
        for _ in 0..<(seasons.count * 3) {
            guard let (academicYear, season) = split(candidate) else { break }
            let startMonth = seasons[season].startMonth
            let firstSeasonMonth = seasons[0].startMonth
            // Seasons starting in a month at or after the first season's month fall in the calendar year before.
            let calendarYear = startMonth >= firstSeasonMonth ? academicYear - 1 : academicYear
            if (calendarYear, startMonth) <= (year, month) { return candidate }
            candidate = previous(before: candidate)!
        }
        return candidate
    }
}
