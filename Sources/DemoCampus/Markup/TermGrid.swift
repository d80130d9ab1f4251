import CampusCore

/// The TERM GRID: Monday to Saturday by the hours 8:00 to 5:00 and an evening
/// column, each cell listing `CSSE474-02 in O159`; a cell with more than one
/// entry is shaded, as the registrar shades clashes.
struct TermGrid {
    /// The hour columns (24-hour clock) before the evening column.
    static let hours = Array(8...17)
    static let days: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday]

    /// The grid of every scheduled meeting of `sections`.
    static func render(_ sections: [Section]) -> String {
        let titles = ["TERM GRID"] + hours.map { "\($0 > 12 ? $0 - 12 : $0):00" } + ["EVENING"]
        var html = RegSchedMarkup.dataTable + RegSchedMarkup.headerRow(titles)
        for day in days {
            html += "<TR><TH>\(day.name.uppercased())</TH>"
            for column in 0...hours.count {
                html += cell(entries(sections, on: day, column: column))
            }
            html += "</TR>\n"
        }
        return html + "</TABLE>\n"
    }

    /// `CSSE474-02 in O159` for each meeting on `day` in the column's hour (the last column: 6 pm on).
    private static func entries(_ sections: [Section], on day: Weekday, column: Int) -> [String] {
        let range = column < hours.count ? hours[column] * 60..<(hours[column] + 1) * 60 : 18 * 60..<24 * 60
        return sections.flatMap { section in
            section.schedule.meetings
                .filter { $0.days.contains(day) && $0.start.minutes < range.upperBound && $0.end.minutes >= range.lowerBound }
                .map { "\(section.id) in \($0.room ?? "")" }
                .prefix(1)
        }
    }

    private static func cell(_ entries: [String]) -> String {
        guard !entries.isEmpty else { return "<TD><TABLE CELLSPACING=0 CELLPADDING=0>&nbsp;</TABLE></TD>" }
        let shade = entries.count > 1 ? " BGCOLOR=#FFCCCC" : ""
        return "<TD><TABLE CELLSPACING=0 CELLPADDING=0\(shade)>"
            + entries.map { "<TR><TD>\($0)</TD></TR>" }.joined() + "</TABLE></TD>"
    }
}
