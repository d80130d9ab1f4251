import CampusCore

/// The small texts of Banner 8 pages: dates (`Sep 09, 2015`), date ranges
/// (`Sep 09, 2015 - Dec 09, 2015`), times (`9:15 am - 10:20 am`) and credits
/// (`3.000 Credits`, `1.000 TO 3.000 Credits`, `Credit Hours: 3.000`).
enum Banner8Text {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The parts of `text` between ` - ` (`9:15 am - 10:20 am`), found byte by byte: the
    /// standard library's substring split costs a tenth of a page's reading here.
    static func parts(of text: String) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let after = text.index(after: index)
            if text[index] == "-", index > start, after < text.endIndex, text[after] == " " {
                let before = text.index(before: index)
                if text[before] == " " {
                    parts.append(text[start..<before])
                    start = text.index(after: after)
                    index = start
                    continue
                }
            }
            index = after
        }
        parts.append(text[start...])
        return parts
    }

    /// `Sep 09, 2015`.
    static func date(_ text: some StringProtocol) -> CalendarDate? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," })
        guard words.count == 3, let month = months.firstIndex(of: words[0].prefix(3).lowercased()),
              let day = Int(words[1]), let year = Int(words[2]) else { return nil }
        return CalendarDate(year: year, month: month + 1, day: day)
    }

    /// `Sep 09, 2015 - Dec 09, 2015`; `nil` unless both dates read and are in order.
    static func dateRange(_ text: String) -> DateRange? {
        let ends = parts(of: text)
        guard ends.count == 2, let first = date(ends[0]), let last = date(ends[1]), first <= last else { return nil }
        return DateRange(first: first, last: last)
    }

    /// `9:15 am - 10:20 am`; `nil` for `TBA` or anything else.
    static func times(_ text: String) -> (start: ClockTime, end: ClockTime)? {
        let ends = parts(of: text)
        guard ends.count == 2,
              let start = ClockText.read(typed: ends[0].filter { $0 != " " }),
              let end = ClockText.read(typed: ends[1].filter { $0 != " " }) else { return nil }
        return (start, end)
    }

    /// The credits of a line that states them (`3.000 Credits`, `0.000 OR 4.000 Credits`,
    /// `Credit Hours: 3.000`); `nil` for any other line.
    static func credits(_ line: String) -> BannerCredits? {
        guard line.last == "s" || line.last == "S" || line.first == "C" || line.first == "c" else { return nil }
        var words = line.split(separator: " ").map(String.init)
        if words.last?.lowercased() == "credits" {
            words.removeLast()
        } else if words.count > 2, words[0].lowercased() == "credit", words[1].lowercased().hasPrefix("hours") {
            words.removeFirst(2)
        } else {
            return nil
        }
        let amounts = words.compactMap(Double.init)
        switch (amounts.count, words.count) {
        case (1, 1): return BannerCredits(hours: amounts[0], low: nil, high: nil, indicator: nil)
        case (2, 3): return BannerCredits(hours: nil, low: amounts[0], high: amounts[1], indicator: words[1])
        default: return nil
        }
    }
}
