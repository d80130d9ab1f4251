import CampusCore

/// The small texts of Banner 8 pages: dates (`Sep 09, 2015`), date ranges
/// (`Sep 09, 2015 - Dec 09, 2015`), times (`9:15 am - 10:20 am`) and credits
/// (`3.000 Credits`, `1.000 TO 3.000 Credits`, `Credit Hours: 3.000`).
enum Banner8Text {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `text` cut at its last `count` separators ` - `, from the right: the parts before them
    /// joined as they were (a title may hold ` - ` itself, or end in `-`), then the rest.
    /// `nil` when it has fewer. Found byte by byte: the standard library's substring split
    /// cost a tenth of a page's reading here.
    static func parts(of text: String, separators count: Int) -> [Substring]? {
        var cuts: [(before: String.Index, after: String.Index)] = []
        var index = text.endIndex
        while cuts.count < count, index > text.startIndex {
            index = text.index(before: index)
            // A separator: " - " ending before the last cut, with something before it.
            guard text[index] == " ", let dash = text.index(index, offsetBy: -1, limitedBy: text.startIndex), text[dash] == "-",
                  let space = text.index(dash, offsetBy: -1, limitedBy: text.startIndex), text[space] == " ",
                  space > text.startIndex else { continue }
            cuts.append((space, text.index(after: index)))
            index = space
        }
        guard cuts.count == count else { return nil }
        var parts: [Substring] = [text[..<cuts[count - 1].before]]
        for position in stride(from: count - 1, through: 0, by: -1) {
            let end = position == 0 ? text.endIndex : cuts[position - 1].before
            parts.append(text[cuts[position].after..<end])
        }
        return parts
    }

    /// `Sep 09, 2015`.
    static func date(_ text: some StringProtocol) -> CalendarDate? {
        let words = Substring(text).utf8.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ",") })
        guard words.count == 3, words[0].count >= 3,
              let month = months.firstIndex(where: { ASCIICase.equals(bytes: words[0].prefix(3), $0) }),
              let day = Int(Substring(words[1])), let year = Int(Substring(words[2])) else { return nil }
        return CalendarDate(year: year, month: month + 1, day: day)
    }

    /// `Sep 09, 2015 - Dec 09, 2015`; `nil` unless both dates read and are in order.
    static func dateRange(_ text: String) -> DateRange? {
        guard let ends = parts(of: text, separators: 1), let first = date(ends[0]), let last = date(ends[1]), first <= last else { return nil }
        return DateRange(first: first, last: last)
    }

    /// `9:15 am - 10:20 am` (or `9:15am-10:20am`); `nil` for anything else.
    static func times(_ text: String) -> (start: ClockTime, end: ClockTime)? {
        let ends = text.filter { $0 != " " }.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2, let start = ClockText.read(typed: ends[0]), let end = ClockText.read(typed: ends[1]) else {
            return nil
        }
        return (start, end)
    }

    /// The credits of a line that states them (`3.000 Credits`, `0.000 OR 4.000 Credits`,
    /// `Credit Hours: 3.000`); `nil` for any other line.
    static func credits(_ line: String) -> BannerCredits? {
        guard ASCIICase.hasSuffix(line, "credits") || ASCIICase.hasPrefix(line, "credit hours") else { return nil }
        var words = line.split(separator: " ").map(String.init)
        if words.last?.lowercased() == "credits" {
            words.removeLast()
        } else if words.count > 2, words[0].lowercased() == "credit", words[1].lowercased().hasPrefix("hours") {
            words.removeFirst(2)
        } else {
            return nil
        }
        let amounts = words.compactMap(amount)
        switch (amounts.count, words.count) {
        case (1, 1): return BannerCredits(hours: amounts[0], low: nil, high: nil, indicator: nil)
        case (2, 3): return BannerCredits(hours: nil, low: amounts[0], high: amounts[1], indicator: words[1])
        default: return nil
        }
    }

    /// `3.000`: digits with at most one point, below 1,000; `nil` for anything else
    /// (`nan`, `1e400`, `-1`).
    private static func amount(_ word: String) -> Double? {
        guard !word.isEmpty, word.count <= 8, word.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              word.filter({ $0 == "." }).count <= 1, let value = Double(word), value < 1_000 else { return nil }
        return value
    }
}
