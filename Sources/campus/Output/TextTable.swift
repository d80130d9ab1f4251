import Foundation

/// A plain-text table with a bold header row, columns padded to their widest cell.
struct TextTable {
    var headers: [String]
    var rows: [[String]] = []

    init(_ headers: String...) {
        self.headers = headers
    }

    init(headers: [String]) {
        self.headers = headers
    }

    mutating func add(_ cells: String...) {
        rows.append(cells)
    }

    mutating func add(row cells: [String]) {
        rows.append(cells)
    }

    /// The table as lines; multi-line cells are flattened to one line.
    func render(on terminal: Terminal) -> String {
        let cleanRows = rows.map { $0.map { $0.replacingOccurrences(of: "\n", with: " ") } }
        var widths = headers.map(\.count)
        for row in cleanRows {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        /// The cells padded to their columns, no spaces left at the end (a row whose last cells are empty).
        func line(_ cells: [String]) -> String {
            var text = cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text
        }
        var lines = [terminal.bold(line(headers))]
        lines += cleanRows.map(line)
        return lines.joined(separator: "\n")
    }
}

