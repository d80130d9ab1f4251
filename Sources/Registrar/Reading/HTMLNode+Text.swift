extension HTMLNode {
    /// The node's text, normalised (see ``PageText``); `<br>` counts as a space.
    var text: String {
        var buffer: [UInt8] = []
        collectText(into: &buffer, lineBreak: 0x20)
        return PageText.normalise(buffer)
    }

    /// The node's text split at `<br>`, each line normalised; empty lines dropped.
    var lines: [String] {
        var buffer: [UInt8] = []
        collectText(into: &buffer, lineBreak: 0x00)
        return buffer.split(separator: 0x00).map(PageText.normalise).filter { !$0.isEmpty }
    }

    /// ``lines``, leaving out the text of tables inside the node (Banner's section text
    /// around its meetings table).
    var linesOutsideTables: [String] {
        var buffer: [UInt8] = []
        collectText(into: &buffer, lineBreak: 0x00, skippingTables: true)
        return buffer.split(separator: 0x00).map(PageText.normalise).filter { !$0.isEmpty }
    }

    /// Appends the text of every descendant to `buffer`, `lineBreak` for each `<br>`.
    private func collectText(into buffer: inout [UInt8], lineBreak: UInt8, skippingTables: Bool = false) {
        forEachChild { child in
            if child.isText {
                child.appendOwnText(to: &buffer)
            } else if child.isElement("br") {
                buffer.append(lineBreak)
            } else if skippingTables, child.isElement("table") {
                buffer.append(lineBreak)
            } else if !child.isElement("script"), !child.isElement("style") {
                child.collectText(into: &buffer, lineBreak: lineBreak, skippingTables: skippingTables)
            }
        }
    }

    /// Every descendant element named `name`, in document order, not looking inside matches.
    func descendants(named name: StaticString) -> [HTMLNode] {
        var found: [HTMLNode] = []
        collect(named: name, into: &found)
        return found
    }

    private func collect(named name: StaticString, into found: inout [HTMLNode]) {
        for child in elementChildren {
            if child.isElement(name) { found.append(child) } else { child.collect(named: name, into: &found) }
        }
    }

    /// The rows of a table: its `tr` children, and those of `thead`, `tbody` and `tfoot`.
    var tableRows: [HTMLNode] {
        var rows: [HTMLNode] = []
        for child in elementChildren {
            if child.isElement("tr") {
                rows.append(child)
            } else if child.isElement("tbody") || child.isElement("thead") || child.isElement("tfoot") {
                rows += child.elementChildren.filter { $0.isElement("tr") }
            }
        }
        return rows
    }

    /// The cells of a row: its `td` and `th` children.
    var rowCells: [HTMLNode] {
        elementChildren.filter { $0.isElement("td") || $0.isElement("th") }
    }
}
