/// Text with every character that would drive a terminal instead of showing
/// on it written visibly: C0 controls as caret notation (`ESC` → `^[`, `BEL`
/// → `^G`), `DEL` as `^?`, C1 controls, bidirectional overrides and marks and
/// line and paragraph separators as `<U+009B>`, `<U+202E>`, `<U+2028>`. A directory title holding `ESC]0;...BEL ESC[2J`
/// then reads `^[]0;...^G^[[2J` instead of renaming the window and clearing
/// the screen.
///
/// Everything the index stores from a source passes through it, and the CLI
/// passes everything it prints through it again (for indexes written before).
public enum VisibleText {
    /// `text` with control characters written visibly; tabs and, when `keepingNewlines`,
    /// line feeds (and carriage returns before them) are kept. Returns `text` itself when nothing needs escaping.
    public static func escaped(_ text: String, keepingNewlines: Bool = false) -> String {
        // Most text holds no byte that can start such a character (C1 starts 0xC2, the Arabic
        // letter mark 0xD8, the marks, overrides and separators 0xE2).
        let suspect = text.utf8.contains { byte in
            (byte < 0x20 && byte != 0x09 && !(keepingNewlines && byte == 0x0A)) || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
        }
        guard suspect else { return text }
        let scalars = Array(text.unicodeScalars)
        func keeps(_ index: Int) -> Bool {
            let scalar = scalars[index]
            // A carriage return ending a line (CRLF, as iCalendar and CSV write them) is a newline too.
            if keepingNewlines, scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { return true }
            return !needsEscaping(scalar, keepingNewlines: keepingNewlines)
        }
        guard !scalars.indices.allSatisfy(keeps) else { return text }
        var result = String.UnicodeScalarView()
        for index in scalars.indices {
            if keeps(index) {
                result.append(scalars[index])
            } else {
                result.append(contentsOf: written(scalars[index]).unicodeScalars)
            }
        }
        return String(result)
    }

    /// Whether `text` shows as it is: no control character, bidirectional override or mark, or
    /// line or paragraph separator in it.
    public static func isPlain(_ text: String, keepingNewlines: Bool = false) -> Bool {
        !text.unicodeScalars.contains { needsEscaping($0, keepingNewlines: keepingNewlines) }
    }

    /// Whether `scalar` would act on a terminal rather than show.
    static func needsEscaping(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x0A: !keepingNewlines
        case 0x00...0x1F, 0x7F, 0x80...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        case 0x2028, 0x2029: true
        default: false
        }
    }

    private static func written(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00...0x1F:
            return "^" + String(Unicode.Scalar(UInt8(scalar.value) + 0x40))
        case 0x7F:
            return "^?"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
        }
    }
}
