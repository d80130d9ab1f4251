import Foundation
import CampusCore

/// Draws a ``WeeklyGrid`` like the registrar's TERM GRID: one row per day, one column per hour.
struct GridRenderer {
    let grid: WeeklyGrid

    func render(on terminal: Terminal) -> String {
        let hours = WeeklyGrid.hours + [WeeklyGrid.eveningStart]
        let titles = WeeklyGrid.columnTitles
        var cells: [[String]] = grid.days.map { day in
            hours.map { hour in grid.entries(on: day, hour: hour).map(\.label).joined(separator: ",") }
        }
        let dayWidth = 4
        let widths = titles.indices.map { column in
            max(titles[column].count, cells.map { $0[column].count }.max() ?? 0, 3)
        }
        func row(_ head: String, _ values: [String]) -> String {
            head.padding(toLength: dayWidth, withPad: " ", startingAt: 0) + " " + values.enumerated().map { column, value in
                value.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: " │ ").trimmingTrailingSpaces
        }
        var lines = [terminal.bold(row("", titles))]
        for (index, day) in grid.days.enumerated() {
            cells[index] = cells[index].map { $0.isEmpty ? "·" : $0 }
            lines.append(row(String(day.name.prefix(3)).uppercased(), cells[index]))
        }
        return lines.joined(separator: "\n")
    }
}


extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
