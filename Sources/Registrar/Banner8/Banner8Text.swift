import Foundation
import CampusCore

/// The small texts of Banner 8 pages: dates (`Sep 09, 2015`), date ranges
/// (`Sep 09, 2015 - Dec 09, 2015`), times (`9:15 am - 10:20 am`) and credits
/// (`3.000 Credits`, `1.000 TO 3.000 Credits`, `Credit Hours: 3.000`).
enum Banner8Text {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `Sep 09, 2015`.
    static func date(_ text: some StringProtocol) -> CalendarDate? {
        let words = text.replacingOccurrences(of: ",", with: " ").split(separator: " ")
        guard words.count == 3, let month = months.firstIndex(of: words[0].prefix(3).lowercased()),
              let day = Int(words[1]), let year = Int(words[2]) else { return nil }
        return CalendarDate(year: year, month: month + 1, day: day)
    }

    /// `Sep 09, 2015 - Dec 09, 2015`; `nil` unless both dates read and are in order.
    static func dateRange(_ text: String) -> DateRange? {
        let ends = text.components(separatedBy: " - ")
        guard ends.count == 2, let first = date(ends[0]), let last = date(ends[1]), first <= last else { return nil }
        return DateRange(first: first, last: last)
    }

    /// `9:15 am - 10:20 am`; `nil` for `TBA` or anything else.
    static func times(_ text: String) -> (start: ClockTime, end: ClockTime)? {
        let ends = text.components(separatedBy: " - ")
        guard ends.count == 2,
              let start = ClockText.read(typed: ends[0].replacingOccurrences(of: " ", with: "")),
              let end = ClockText.read(typed: ends[1].replacingOccurrences(of: " ", with: "")) else { return nil }
        return (start, end)
    }

    /// The credits of a line that states them (`3.000 Credits`, `0.000 OR 4.000 Credits`,
    /// `Credit Hours: 3.000`); `nil` for any other line.
    static func credits(_ line: String) -> BannerCredits? {
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
