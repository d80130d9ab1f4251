import CampusCore

/// Turns the text of page nodes into what a person reads: `&nbsp` (with or
/// without its semicolon, or as U+00A0) becomes a space, runs of spaces and
/// line breaks squeeze to one space (`Alex  Quinn` -> `Alex Quinn`), the
/// ends are trimmed, and any other control character (`&#27;` in a page) is
/// written visibly (``VisibleText``). Works on UTF-8 bytes, so it stays cheap on large pages.
enum PageText {
    /// The normalised text of UTF-8 `bytes` (an array, or a slice of one).
    static func normalise(_ bytes: some Collection<UInt8>) -> String {
        bytes.withContiguousStorageIfAvailable(normalise) ?? Array(bytes).withUnsafeBufferPointer(normalise)
    }

    /// Written straight into the string's own storage: every cell of every page passes
    /// here, and a buffer between cost an allocation and a copy each.
    private static func normalise(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Whether a byte that may start a control character was kept (see VisibleText.escaped).
        var suspect = false
        let text = String(unsafeUninitializedCapacity: bytes.count) { output in
            var written = 0
            var pendingSpace = false
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                var isSpace = false
                var skip = 1
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                    isSpace = true
                case 0xC2 where index + 1 < count && bytes[index + 1] == 0xA0:
                    isSpace = true
                    skip = 2
                case UInt8(ascii: "&") where isNbsp(bytes, at: index):
                    isSpace = true
                    skip = index + 5 < count && bytes[index + 5] == UInt8(ascii: ";") ? 6 : 5
                default:
                    break
                }
                if isSpace {
                    pendingSpace = written > 0
                } else {
                    if pendingSpace {
                        output[written] = 0x20
                        written += 1
                    }
                    pendingSpace = false
                    output[written] = byte
                    written += 1
                    if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 { suspect = true }
                }
                index += skip
            }
            return written
        }
        return suspect ? VisibleText.escaped(text) : text
    }

    /// Whether `&nbsp` starts at `index` (any case).
    private static func isNbsp(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + 4 < bytes.count else { return false }
        return bytes[index + 1] | 0x20 == UInt8(ascii: "n") && bytes[index + 2] | 0x20 == UInt8(ascii: "b")
            && bytes[index + 3] | 0x20 == UInt8(ascii: "s") && bytes[index + 4] | 0x20 == UInt8(ascii: "p")
    }

    /// `nil` for empty text, the text otherwise: how cells that print nothing (or `&nbsp`) read.
    static func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }
}

extension StringProtocol {
    /// The text without white space at either end; cheaper than Foundation's trimming.
    var trimmedSpaces: SubSequence {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
