import CampusCore

/// The knobs of a registrar's meeting strings (`MR/9:00/O203-1; W/8:00-9:50/O203-1`)
/// and of the columns read alongside them.
struct MeetingGrammar: Sendable {
    /// Between meeting patterns (`;`, and on older pages `:`).
    var patternSeparators: [Character]
    /// Between days, time and room (`/`).
    var fieldSeparator: Character
    /// Day letters (`R` is Thursday).
    var days: [Character: Weekday]
    /// Upper-cased words meaning "to be announced".
    var tbaWords: Set<String>
    /// Length of a class given only by its start.
    var defaultMinutes: Int
    /// Hours read as afternoon when no am/pm is given (1...7).
    var afternoonHours: ClosedRange<Int>
    /// The word before an exam's time (`at`) and before its room (`in`).
    var finalExamAt: String
    var finalExamIn: String
    /// Lower-cased texts that introduce cross-listed sections in the comments.
    var crossListingMarkers: [String]

    /// The days a run of letters names; `nil` when a letter is not a day.
    func days(in letters: Substring) -> [Weekday]? {
        var result: [Weekday] = []
        for letter in letters {
            // Upper case may be more than one letter (`ß` is `SS`): no day letter, then.
            let upper = letter.uppercased()
            guard upper.count == 1, let day = days[Character(upper)] else { return nil }
            if !result.contains(day) { result.append(day) }
        }
        return result.isEmpty ? nil : result.sorted()
    }

    /// Whether `word` means "to be announced".
    func isTBA(_ word: Substring) -> Bool {
        tbaWords.contains(word.uppercased())
    }
}

/// The class periods of older pages: numbered starts, each `minutes` long.
public struct PeriodTable: Hashable, Sendable {
    /// Period number -> start.
    public var starts: [Int: ClockTime]
    /// Length of one period.
    public var minutes: Int

    /// Creates a table.
    public init(starts: [Int: ClockTime], minutes: Int) {
        self.starts = starts
        self.minutes = minutes
    }

    /// Start and end of periods `first` through `last`; `nil` when either is not in the table.
    func span(from first: Int, to last: Int) -> (start: ClockTime, end: ClockTime)? {
        guard let start = starts[first], let lastStart = starts[last], first <= last else { return nil }
        return (start, lastStart.adding(minutes: minutes))
    }
}
