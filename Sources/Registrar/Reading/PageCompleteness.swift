#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CampusCore

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
    ///
    /// Every page read passes through here, so the scan jumps from one `<` to the next
    /// (`memchr`) and counts lines only for a page it refuses.
    static func cutShort(_ bytes: [UInt8]) -> (line: Int, reason: String)? {
        bytes.withUnsafeBufferPointer { page in
            if let nul = next(0, in: page, from: 0) {
                return (lineCount(page, before: nul), "a NUL byte, where the HTML parser stops reading")
            }
            var openTables: [Int] = []  // where each open table begins
            var index = 0
            while let tag = next(UInt8(ascii: "<"), in: page, from: index) {
                if startsComment(page, at: tag) {
                    index = endOfComment(page, from: tag)
                    continue
                }
                let closing = tag + 1 < page.count && page[tag + 1] == UInt8(ascii: "/")
                if isTableTag(page, nameAt: tag + (closing ? 2 : 1)) {
                    if closing {
                        _ = openTables.popLast()
                    } else {
                        openTables.append(tag)
                    }
                }
                index = tag + 1
            }
            guard let first = openTables.first else { return nil }
            let count = openTables.count
            return (lineCount(page, before: page.count),
                    "the page ends with \(CountedText.text(count, "table")) still open, the outermost begun at line \(lineCount(page, before: first)): it was cut off")
        }
    }

    /// The index of the next `byte` at or after `start`.
    private static func next(_ byte: UInt8, in page: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < page.count, let base = page.baseAddress,
              let found = memchr(base + start, Int32(byte), page.count - start) else { return nil }
        return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
    }

    /// The line the byte at `end` is on.
    private static func lineCount(_ page: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
        page[..<end].reduce(1) { count, byte in byte == 0x0A ? count + 1 : count }
    }

    /// `table`, made once: every `<` of every page is checked against it.
    private static let tableName = Array("table".utf8)

    /// Whether `table` (any case) starts at `start` and the tag name ends after it.
    private static func isTableTag(_ bytes: UnsafeBufferPointer<UInt8>, nameAt start: Int) -> Bool {
        let name = tableName
        guard start + name.count <= bytes.count else { return false }
        for offset in 0..<name.count where bytes[start + offset] | 0x20 != name[offset] { return false }
        guard start + name.count < bytes.count else { return true }
        let next = bytes[start + name.count]
        return next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || PageEncoding.isSpace(next)
    }

    private static func startsComment(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 3 < bytes.count && bytes[index + 1] == UInt8(ascii: "!") && bytes[index + 2] == UInt8(ascii: "-")
            && bytes[index + 3] == UInt8(ascii: "-")
    }

    /// The index after the comment's `-->` (or the end).
    private static func endOfComment(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 4
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ">"), bytes[index - 1] == UInt8(ascii: "-"), bytes[index - 2] == UInt8(ascii: "-") {
                return index + 1
            }
            index += 1
        }
        return index
    }
}
