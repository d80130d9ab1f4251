import CampusCore

/// A week as a table for a phone: a row per class hour, a column per day, each cell the
/// sections meeting then (linked) with their rooms. Built from ``CampusCore/WeeklyGrid``.
struct WeekGridView: Encodable, Sendable {
    struct Day: Encodable, Sendable {
        var letter: String
        var name: String
        var today: Bool
    }

    struct Entry: Encodable, Sendable {
        var label: String
        var href: String
        var room: String?
    }

    struct Cell: Encodable, Sendable {
        var entries: [Entry]
        var today: Bool
    }

    struct Row: Encodable, Sendable {
        var hour: String
        var cells: [Cell]
    }

    var caption: String
    var days: [Day]
    var rows: [Row]
    /// Whether anything meets in the evening (else that row is left out).
    var hasEvening: Bool

    /// - Parameters:
    ///   - link: the address of an entry's page, by its label (a section id).
    ///   - today: the day to mark, when the week shown is this week.
    /// A row's hour as pages say it: `8:00am` ... `5:00pm`, `Evening` (the registrar's bare
    /// `1:00` leaves a reader to guess which).
    static func hourLabel(_ hour: Int, title: String) -> String {
        title == "EVENING" ? "Evening" : ClockTime(hour: hour, minute: 0).map { $0.twelveHour } ?? title
    }

    init(_ meetings: [(label: String, meeting: Meeting)], caption: String, today: Weekday? = nil, link: (String) -> String) {
        let grid = WeeklyGrid(meetings)
        self.caption = caption
        days = grid.days.map { Day(letter: String($0.letter), name: $0.name, today: $0 == today) }
        let columns = WeeklyGrid.hours + [WeeklyGrid.eveningStart]
        var rows = zip(columns, WeeklyGrid.columnTitles).map { hour, title in
            Row(hour: Self.hourLabel(hour, title: title), cells: grid.days.map { day in
                Cell(entries: grid.entries(on: day, hour: hour).map { Entry(label: $0.label, href: link($0.label), room: $0.room) },
                     today: day == today)
            })
        }
        hasEvening = rows.last?.cells.contains { !$0.entries.isEmpty } ?? false
        if !hasEvening { rows.removeLast() }
        self.rows = rows
    }
}
