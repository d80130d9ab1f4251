/// Lists passed to SQL as one JSON argument (`IN (SELECT value FROM json_each(?))`),
/// so a statement stays the same, and cached, whatever the list's length.
enum SQLList {
    /// `["CSSE474-02","MA474-02"]`, with quotes, backslashes and control characters escaped.
    static func json(_ strings: [String]) -> String {
        var text = "["
        for (index, string) in strings.enumerated() {
            text += index == 0 ? "\"" : ",\""
            // Most strings need no escape and are appended whole.
            if string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                for scalar in string.unicodeScalars {
                    switch scalar {
                    case "\"", "\\": text += "\\" + String(scalar)
                    case _ where scalar.value < 0x20: text += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                    default: text.unicodeScalars.append(scalar)
                    }
                }
            } else {
                text += string
            }
            text += "\""
        }
        return text + "]"
    }
}
