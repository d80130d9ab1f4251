import Foundation
import CampusCore

/// Reads the TERM GRID: days by hour, each cell listing `CSSE474-02 in O159`.
///
/// Older grids print the period table in their header (`<DIV>1</DIV>8:05`);
/// that table is returned so meeting strings on the same page use it.
struct TermGridReader {
    let afternoonHours: ClosedRange<Int>
    let periodMinutes: Int

    func read(_ table: DataTable) -> (entries: [GridEntry], periods: PeriodTable?) {
        let headerCells = table.node.tableRows.first?.rowCells ?? []
        var columns: [String] = []
        var starts: [Int: ClockTime] = [:]
        for cell in headerCells {
            if let div = cell.descendants(named: "div").first, let period = Int(div.text) {
                var time: [UInt8] = []
                cell.forEachChild { $0.appendOwnText(to: &time) }
                let label = PageText.normalise(time)
                columns.append(label)
                if let start = ClockText.read(label[...], afternoonHours: afternoonHours) { starts[period] = start }
            } else {
                columns.append(cell.text)
            }
        }
        var entries: [GridEntry] = []
        for row in table.rows {
            let cells = row.rowCells
            guard let dayName = cells.first?.text, let day = Weekday(name: dayName) else { continue }
            for (index, cell) in cells.enumerated().dropFirst() where index < columns.count {
                let nested = cell.descendants(named: "td")
                let texts = !nested.isEmpty ? nested.map(\.text) : cell.descendants(named: "table").isEmpty ? cell.lines : []
                for text in texts where !text.isEmpty {
                    entries.append(entry(text, day: day, column: columns[index]))
                }
            }
        }
        return (entries, starts.isEmpty ? nil : PeriodTable(starts: starts, minutes: periodMinutes))
    }

    /// `CSSE474-02 in O159` -> section and room.
    private func entry(_ text: String, day: Weekday, column: String) -> GridEntry {
        let parts = text.components(separatedBy: " in ")
        let room = parts.count > 1 ? parts[1...].joined(separator: " in ") : nil
        return GridEntry(day: day, column: column, section: parts[0], room: room)
    }
}
