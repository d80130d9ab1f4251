import CampusCore

/// Draws an ``OverlayGrid`` like the registrar's TERM GRID: a row per day, a column per class hour,
/// each cell naming who is busy (a count for more than four people), coloured on a terminal from
/// green (all free) through yellow and orange (partly free) to red (all busy).
struct OverlayGridRenderer {
    let overlay: Overlay

    func render(on terminal: Terminal) -> String {
        let grid = overlay.grid
        let total = overlay.members.count
        let titles = WeeklyGrid.columnTitles
        let busy = grid.days.map { day in OverlayGrid.columns.map { grid.busy(on: day, hour: $0) } }
        let texts = busy.map { $0.map { Self.text($0, members: overlay.members, total: total) } }
        let widths = titles.indices.map { column in max(titles[column].count, texts.map { $0[column].count }.max() ?? 0) }
        func pad(_ text: String, _ column: Int) -> String { text.padding(toLength: widths[column], withPad: " ", startingAt: 0) }
        var lines = [terminal.bold("     " + titles.indices.map { pad(titles[$0], $0) }.joined(separator: " │ "))]
        for (row, day) in grid.days.enumerated() {
            let cells = titles.indices.map { column in
                Self.colour(pad(texts[row][column], column), busy: busy[row][column].count, of: total, on: terminal)
            }
            lines.append((String(day.name.prefix(3)).uppercased() + "  " + cells.joined(separator: " │ ")).trimmingTrailingSpaces)
        }
        return lines.joined(separator: "\n")
    }

    /// `·` when all are free, the busy usernames for up to four people, else `3/40`.
    static func text(_ busy: [Int], members: [OverlayMember], total: Int) -> String {
        if busy.isEmpty { return "·" }
        if total <= 4 { return busy.map { members[$0].id }.joined(separator: ",") }
        return "\(busy.count)/\(total)"
    }

    /// A 256-colour shade by the share of people busy; plain text without colour.
    static func colour(_ text: String, busy: Int, of total: Int, on terminal: Terminal) -> String {
        guard terminal.usesColor else { return text }
        let shade = busy == 0 ? 34 : busy == total ? 196 : busy * 3 <= total ? 226 : busy * 3 <= total * 2 ? 214 : 208
        return "\u{1B}[38;5;\(shade)m\(text)\u{1B}[0m"
    }
}
