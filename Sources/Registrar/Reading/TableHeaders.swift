/// A data table (`BORDER=1`) with its header row read: which kind it is decides who reads it.
struct DataTable {
    let node: HTMLNode
    /// The header row's cell texts, in order.
    let headers: [String]
    /// The header texts in ``ColumnMap/normalise(_:)`` form, for comparing with the definition.
    let normalisedHeaders: [String]
    /// The rows after the header row.
    let rows: [HTMLNode]

    init(node: HTMLNode) {
        self.node = node
        let allRows = node.tableRows
        headers = allRows.first?.rowCells.map(\.text) ?? []
        // Cell text is already squeezed and trimmed (PageText), so upper case completes the normal form.
        normalisedHeaders = headers.map { $0.uppercased() }
        rows = Array(allRows.dropFirst())
    }
}

/// Reads a cell of a data row by column, remembering rows cut short.
struct RowCells {
    let cells: [HTMLNode]

    /// The cell of `column`, or `nil` when the row ends before it.
    func cell(_ column: Int?) -> HTMLNode? {
        guard let column, column < cells.count else { return nil }
        return cells[column]
    }

    /// The normalised text of `column`'s cell; `nil` when the row lacks it or it is empty.
    func text(_ column: Int?) -> String? {
        cell(column).flatMap { PageText.nonEmpty($0.text) }
    }

    /// The value of parameter `name` in the first link of `column`'s cell.
    func linkParameter(_ column: Int?, _ name: String) -> String? {
        cell(column)?.descendants(named: "a").first?.attribute("href").flatMap { LinkParameters.value(of: name, in: $0) }
    }
}
