import CampusCore

/// The who-is-busy grid of an overlay for a page: a row per class hour, a column per day,
/// each cell coloured by how many are busy and saying so in words (colour is never the only
/// sign), naming them (by name, else username) when there are few.
struct BusyGridView: Encodable, Sendable {
    struct Cell: Encodable, Sendable {
        /// `free`, `some`, `most` or `all`: the cell's colour.
        var level: String
        var text: String
        var names: String?
    }

    struct Row: Encodable, Sendable {
        var hour: String
        var cells: [Cell]
    }

    var caption: String
    var days: [WeekGridView.Day]
    var rows: [Row]

    /// - Parameter names: people's names by username, as the overlay's answer has them.
    init(_ overlay: Overlay, names: [String: String], caption: String) {
        let total = overlay.members.count
        self.caption = caption
        days = overlay.grid.days.map { WeekGridView.Day(letter: String($0.letter), name: $0.name, today: false) }
        rows = zip(OverlayGrid.columns, WeeklyGrid.columnTitles).map { hour, title in
            Row(hour: WeekGridView.hourLabel(hour, title: title), cells: overlay.grid.days.map { day in
                let busy = overlay.grid.busy(on: day, hour: hour)
                let level = busy.isEmpty ? "free" : busy.count == total ? "all" : busy.count * 2 > total ? "most" : "some"
                return Cell(level: level, text: busy.isEmpty ? "all free" : "\(busy.count) busy",
                            names: busy.isEmpty || total > 6 ? nil : busy.map { names[overlay.members[$0].id] ?? overlay.members[$0].id }.joined(separator: ", "))
            })
        }
    }
}
