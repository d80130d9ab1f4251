import CampusCore

/// Reads the Term Schedule column (`MR/9:00/O203-1; W/8:00-9:50/O203-1`) into meetings.
///
/// Every form in the registrar samples: clock times (`MTRF/9:00/O159`, hours
/// 1-7 afternoon), ranges (`W/8:00-9:50`), several patterns (`;`, and `:` on
/// older pages where a day letter follows), `TBA`, `TBA/TBA/ONLINE`, empty,
/// the CSV's clock hours (`MWF/1-2/O157`: 13:00-14:50), class periods
/// (`MTWRF 3`, `MTR/8:W/5-7`) and 24-hour evenings (`T/1730-2100/O159`).
/// A part it cannot read is kept raw in ``MeetingSchedule/unreadable``; it never guesses.
struct MeetingStringParser: Sendable {
    /// What a bare number (`3`, `1-2`) means on the page being read.
    enum BareNumbers: Sendable {
        /// Current pages and the CSV: a clock hour (`1` is 13:00-13:50).
        case clockHours
        /// Older pages: a class period from the period table.
        case periods
    }

    let grammar: MeetingGrammar
    let periods: PeriodTable

    /// The schedule `raw` describes.
    func parse(_ raw: String, bareNumbers: BareNumbers) -> MeetingSchedule {
        let text = raw.trimmedSpaces
        guard !text.isEmpty else { return MeetingSchedule(raw: raw, meetings: []) }
        let (patterns, splitAtColonLikeSeparator) = split(text)
        var meetings: [Meeting] = []
        var unreadable: [String] = []
        var toBeAnnounced = false
        for pattern in patterns {
            let usesOlderForm = splitAtColonLikeSeparator || !pattern.contains(grammar.fieldSeparator)
            switch read(pattern, bareNumbers: usesOlderForm ? .periods : bareNumbers) {
            case .meeting(let meeting): meetings.append(meeting)
            case .toBeAnnounced: toBeAnnounced = true
            case .unreadable: unreadable.append(String(pattern))
            }
        }
        return MeetingSchedule(raw: raw, meetings: meetings, isToBeAnnounced: toBeAnnounced, unreadable: unreadable)
    }

    private enum PatternReading {
        case meeting(Meeting)
        case toBeAnnounced
        case unreadable
    }

    /// Splits at pattern separators. A separator followed by a digit (`9:00`) is part of a time.
    /// Also says whether a separator other than the first (`:` on older pages) was used.
    private func split(_ text: Substring) -> ([Substring], Bool) {
        var patterns: [Substring] = []
        var start = text.startIndex
        var usedOlderSeparator = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let after = text.index(after: index)
            if grammar.patternSeparators.contains(character), !nextNonSpaceIsDigit(text[after...]) {
                patterns.append(text[start..<index])
                if character != grammar.patternSeparators.first { usedOlderSeparator = true }
                start = after
            }
            index = after
        }
        patterns.append(text[start...])
        return (patterns.map(\.trimmedSpaces).filter { !$0.isEmpty }, usedOlderSeparator)
    }

    /// Whether the first character of `text` that is not a space is a digit.
    private func nextNonSpaceIsDigit(_ text: Substring) -> Bool {
        for byte in text.utf8 where byte != UInt8(ascii: " ") {
            return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }
        return false
    }

    /// One `DAYS/TIME/ROOM` (or older `DAYS PERIOD`) pattern.
    private func read(_ pattern: Substring, bareNumbers: BareNumbers) -> PatternReading {
        let fields: [Substring] = pattern.contains(grammar.fieldSeparator)
            ? pattern.split(separator: grammar.fieldSeparator, maxSplits: 2, omittingEmptySubsequences: false)
            : pattern.split(whereSeparator: \.isWhitespace)
        let trimmed = fields.map(\.trimmedSpaces)
        guard let dayField = trimmed.first else { return .unreadable }
        if grammar.isTBA(dayField) || (trimmed.count > 1 && grammar.isTBA(trimmed[1])) { return .toBeAnnounced }
        guard trimmed.count >= 2, let days = grammar.days(in: dayField),
              let span = timeSpan(trimmed[1], bareNumbers: bareNumbers) else { return .unreadable }
        let room = trimmed.count > 2 ? trimmed[2...].joined(separator: " ") : ""
        return .meeting(Meeting(days: days, start: span.start, end: span.end, room: room.isEmpty ? nil : room))
    }

    /// `9:00`, `8:00-9:50`, `1730-2100`, `1-2` or `5-7` as a start and an end.
    private func timeSpan(_ field: Substring, bareNumbers: BareNumbers) -> (start: ClockTime, end: ClockTime)? {
        let ends = field.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 1 || ends.count == 2 else { return nil }
        let first = ends[0].trimmedSpaces
        let last = ends[ends.count - 1].trimmedSpaces
        if let firstNumber = bareNumber(first), let lastNumber = bareNumber(last) {
            return bareSpan(from: firstNumber, to: lastNumber, bareNumbers: bareNumbers)
        }
        guard let start = ClockText.read(first, afternoonHours: grammar.afternoonHours) else { return nil }
        guard ends.count == 2 else { return (start, start.adding(minutes: grammar.defaultMinutes)) }
        guard let end = ClockText.read(last, afternoonHours: grammar.afternoonHours), start < end else { return nil }
        return (start, end)
    }

    /// A number of one or two digits: a clock hour or a period, never a time of its own.
    private func bareNumber(_ text: Substring) -> Int? {
        text.utf8.count <= 2 ? ClockText.number(text.utf8[...]) : nil
    }

    private func bareSpan(from first: Int, to last: Int, bareNumbers: BareNumbers) -> (start: ClockTime, end: ClockTime)? {
        switch bareNumbers {
        case .periods:
            return periods.span(from: first, to: last)
        case .clockHours:
            guard let start = ClockText.read("\(first):00"[...], afternoonHours: grammar.afternoonHours),
                  let lastStart = ClockText.read("\(last):00"[...], afternoonHours: grammar.afternoonHours),
                  start <= lastStart else { return nil }
            return (start, lastStart.adding(minutes: grammar.defaultMinutes))
        }
    }
}
