/// Checks the bytes of an HTML page for the two ways it can be cut short that
/// libxml2's HTML parser never reports: a NUL byte (the parser takes it for the
/// end of the page and drops the rest without a word) and tables left open at
/// the end (a page cut off in transfer or on disk; libxml2 closes them itself).
///
/// Every page of the family closes each `<TABLE>` it opens, including the
/// TERM GRID's tables within tables, so one that ends with a table open ends
/// early. A page cut exactly between two tables looks whole and reads as what
/// it holds.
enum PageCompleteness {
    /// Where and why the page stops early, or `nil` when its bytes look whole.
    static func cutShort(_ bytes: [UInt8]) -> (line: Int, reason: String)? {
        if let nul = bytes.firstIndex(of: 0) {
            return (lineCount(bytes[..<nul]), "a NUL byte, where the HTML parser stops reading")
        }
        var line = 1
        var openTables: [Int] = []  // the line each open table began on
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                line += 1
            case UInt8(ascii: "<"):
                if startsComment(bytes, at: index) {
                    index = endOfComment(bytes, from: index, line: &line)
                    continue
                }
                let closing = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
                if isTableTag(bytes, nameAt: index + (closing ? 2 : 1)) {
                    if closing {
                        _ = openTables.popLast()
                    } else {
                        openTables.append(line)
                    }
                }
            default:
                break
            }
            index += 1
        }
        guard let first = openTables.first else { return nil }
        let count = openTables.count
        return (line, "the page ends with \(count) table\(count == 1 ? "" : "s") still open, the outermost begun at line \(first): it was cut off")
    }

    /// The line `prefix` ends on.
    private static func lineCount(_ prefix: ArraySlice<UInt8>) -> Int {
        prefix.reduce(1) { count, byte in byte == 0x0A ? count + 1 : count }
    }

    /// `table`, made once: every `<` of every page is checked against it.
    private static let tableName = Array("table".utf8)

    /// Whether `table` (any case) starts at `start` and the tag name ends after it.
    private static func isTableTag(_ bytes: [UInt8], nameAt start: Int) -> Bool {
        let name = tableName
        guard start + name.count <= bytes.count else { return false }
        for offset in 0..<name.count where bytes[start + offset] | 0x20 != name[offset] { return false }
        guard start + name.count < bytes.count else { return true }
        let next = bytes[start + name.count]
        return next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || PageEncoding.isSpace(next)
    }

    private static func startsComment(_ bytes: [UInt8], at index: Int) -> Bool {
        index + 3 < bytes.count && bytes[index + 1] == UInt8(ascii: "!") && bytes[index + 2] == UInt8(ascii: "-")
            && bytes[index + 3] == UInt8(ascii: "-")
    }

    /// The index after the comment's `-->` (or the end), counting its lines.
    private static func endOfComment(_ bytes: [UInt8], from start: Int, line: inout Int) -> Int {
        var index = start + 4
        while index < bytes.count {
            if bytes[index] == 0x0A { line += 1 }
            if bytes[index] == UInt8(ascii: ">"), bytes[index - 1] == UInt8(ascii: "-"), bytes[index - 2] == UInt8(ascii: "-") {
                return index + 1
            }
            index += 1
        }
        return index
    }
}
