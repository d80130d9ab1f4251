/// Splits CSV text into rows of fields: `"a","b ""c"""` -> `a`, `b "c"`. Lines end at CR LF,
/// LF or CR; a quoted field may hold line breaks. Each row keeps the line it starts on.
struct CSVLines {
    /// One row: the line it starts on (from 1) and its fields.
    struct Row {
        var line: Int
        var fields: [String]
    }

    var rows: [Row] = []
    /// Whether the text ends with a line break, as a whole file does.
    var endsWithLineBreak = false
    /// The line of the first quoted field that holds a line break, if any: where quoting went
    /// wrong, in a file whose fields never hold one.
    var firstBrokenField: Int?

    /// A quote opened on `line` and never closed: the text stops inside a field (`line` is
    /// that of the first quoted field holding a line break, where quoting most likely went wrong).
    struct OpenQuote: Error {
        var line: Int
    }

    init(_ text: String) throws(OpenQuote) {
        var row: [String] = []
        var field = ""
        var quoted = false
        var line = 1, rowLine = 1, quoteLine = 1
        var iterator = text.makeIterator()
        var pending: Character? = nil
        while let character = pending ?? iterator.next() {
            pending = nil
            endsWithLineBreak = false
            if quoted {
                if character == "\"" {
                    let next = iterator.next()
                    if next == "\"" { field.append("\"") } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    if character.isNewline {
                        line += 1
                        firstBrokenField = firstBrokenField ?? quoteLine
                    }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"":
                quoted = true
                quoteLine = line
            case ",": row.append(field); field = ""
            case "\n", "\r\n", "\r":
                row.append(field)
                field = ""
                if !(row.count == 1 && row[0].isEmpty) { rows.append(Row(line: rowLine, fields: row)) }
                row = []
                line += 1
                rowLine = line
                endsWithLineBreak = true
            default: field.append(character)
            }
        }
        if quoted { throw OpenQuote(line: firstBrokenField ?? quoteLine) }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(Row(line: rowLine, fields: row))
        }
    }
}

extension CSVLines {
    /// The rows of a downloaded CSV file: UTF-8 (else Latin-1), a byte-order mark (spreadsheets
    /// write one) dropped whatever the encoding turns out to be.
    ///
    /// - Throws: ``PageReadError/cutShort(source:line:reason:)`` when a quote is never closed.
    init(file bytes: [UInt8], source: String) throws(PageReadError) {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        let text = String(validating: body, as: UTF8.self) ?? String(body.map { Character(Unicode.Scalar($0)) })
        do {
            try self.init(text)
        } catch {
            throw .cutShort(source: source, line: error.line, reason: "a quote opened there is never closed")
        }
    }
}
