/// A term as a person names it on the command line: a code, or one relative to today.
///
/// Names are read with a ``TermScheme`` by ``init(_:scheme:)``: the registrar's
/// `Spring 2025-2026`, or a season and the calendar year it starts in
/// (`spring 2026` is 202630, `fall 2025` is 202610, `summer 2026` is 202640;
/// a season starting in or after the first season's month starts in the first
/// calendar year of its academic year, so `winter 2025` is 202620, from December 2025).
public enum TermChoice: Hashable, Sendable, CustomStringConvertible {
    case code(TermCode)
    case current
    case next
    case previous

    /// Reads `202630`, `current`, `next` or `previous` (any case); `nil` otherwise.
    public init?(_ text: String) {
        switch text.lowercased() {
        case "current", "now": self = .current
        case "next": self = .next
        case "previous", "prev", "last": self = .previous
        default:
            guard let code = TermCode(text) else { return nil }
            self = .code(code)
        }
    }

    /// Reads what ``init(_:)`` reads, or a term name of `scheme` (any case):
    /// `Spring 2025-2026`, or `spring 2026` (the calendar year the season starts in).
    ///
    /// ```swift
    /// TermChoice("fall 2025", scheme: .quarters)  // .code(202610)
    /// ```
    public init?(_ text: String, scheme: TermScheme) {
        if let choice = TermChoice(text) {
            self = choice
        } else if let code = scheme.code(named: text) ?? Self.code(seasonAndYear: text, in: scheme) {
            self = .code(code)
        } else {
            return nil
        }
    }

    /// Whether `text` has the form of a term in any scheme: a code, a relative word,
    /// or a word and a year (`spring 2026`, `Spring 2025-2026`). A scheme still
    /// decides whether the word is one of its seasons.
    public static func hasTermForm(_ text: String) -> Bool {
        if TermChoice(text) != nil { return true }
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 2, words[0].allSatisfy(\.isLetter) else { return false }
        let years = words[1].split(separator: "-", omittingEmptySubsequences: false)
        return (1...2).contains(years.count) && years.allSatisfy { $0.count == 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// `spring 2026`: a season of `scheme` and the calendar year it starts in.
    private static func code(seasonAndYear text: String, in scheme: TermScheme) -> TermCode? {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 2, let year = Int(words[1]), words[1].count == 4,
              let first = scheme.seasons.first,
              let season = scheme.seasons.first(where: { $0.name.lowercased() == words[0].lowercased() })
        else { return nil }
        let academicYear = season.startMonth >= first.startMonth ? year + 1 : year
        return TermCode("\(academicYear)\(season.code)")
    }

    /// The term code meant, given the scheme and today's calendar date on campus.
    public func resolve(in scheme: TermScheme, year: Int, month: Int) -> TermCode {
        let current = scheme.current(year: year, month: month)
        switch self {
        case .code(let code): return code
        case .current: return current
        case .next: return scheme.next(after: current) ?? current
        case .previous: return scheme.previous(before: current) ?? current
        }
    }

    public var description: String {
        switch self {
        case .code(let code): code.rawValue
        case .current: "current"
        case .next: "next"
        case .previous: "previous"
        }
    }
}
