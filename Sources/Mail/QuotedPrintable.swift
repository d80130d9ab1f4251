/// Quoted-printable (RFC 2045 §6.7), for the text parts of a message: ASCII text stays readable
/// in the raw message, anything else is `=XX` bytes, and no line is longer than 76 characters.
enum QuotedPrintable {
    /// `text` encoded, its lines ended with CRLF.
    static func encode(_ text: String) -> String {
        var out = ""
        let lines = text.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            var current = ""
            let bytes = Array(line.utf8)
            for (index, byte) in bytes.enumerated() {
                let last = index == bytes.count - 1
                let plain = (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "=")) || ((byte == 32 || byte == 9) && !last)
                let piece = plain ? String(UnicodeScalar(byte)) : "=" + hex(byte)
                if current.utf8.count + piece.utf8.count > 75 {
                    out += current + "=\r\n"
                    current = ""
                }
                current += piece
            }
            out += current
            if number < lines.count - 1 { out += "\r\n" }
        }
        return out
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
