/// The text rules vCard (RFC 6350) and iCalendar (RFC 5545) share: value
/// escaping and line folding.
enum ContentLine {
    /// Appends `text` escaped as a TEXT value: `\\`, `\,`, `\;`, and `\n` for a line break.
    static func appendEscaped(_ text: String, to output: inout String) {
        for character in text {
            switch character {
            case "\\": output += "\\\\"
            case ",": output += "\\,"
            case ";": output += "\\;"
            case "\n", "\r\n", "\r": output += "\\n"
            default: output.append(character)
            }
        }
    }

    /// `text` escaped as a TEXT value.
    static func escape(_ text: String) -> String {
        var escaped = ""
        appendEscaped(text, to: &escaped)
        return escaped
    }

    /// Appends `line` folded into lines of at most 75 octets, never splitting a character, each ending in CRLF.
    static func appendFolded(_ line: String, to output: inout String) {
        if line.utf8.count <= 75 {
            output += line
            output += "\r\n"
            return
        }
        var width = 0
        for character in line {
            let size = character.utf8.count
            if width + size > 75 {
                output += "\r\n "
                width = 1
            }
            output.append(character)
            width += size
        }
        output += "\r\n"
    }
}
