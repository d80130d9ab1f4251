/// Chooses the encoding to parse a page in: the charset it declares, else
/// UTF-8 when the bytes are valid UTF-8, else windows-1252 (a superset of Latin-1).
enum PageEncoding {
    /// The encoding name for libxml2.
    static func detect(_ bytes: [UInt8]) -> String {
        if let declared = declaredCharset(bytes) { return declared }
        if bytes.allSatisfy({ $0 < 0x80 }) || String(validating: bytes, as: UTF8.self) != nil { return "UTF-8" }
        return "windows-1252"
    }

    /// Whether a byte is ASCII white space.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// The `charset=` of a `<meta>` in the first 2 KB, if any.
    private static func declaredCharset(_ bytes: [UInt8]) -> String? {
        let head = bytes.prefix(2048).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        let marker = Array("charset=".utf8)
        guard let start = head.indices.first(where: { head[$0...].starts(with: marker) }) else { return nil }
        var index = start + marker.count
        while index < head.count, head[index] == UInt8(ascii: "\"") || head[index] == UInt8(ascii: "'") { index += 1 }
        var name: [UInt8] = []
        while index < head.count, isCharsetByte(head[index]) {
            name.append(head[index])
            index += 1
        }
        return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
    }

    private static func isCharsetByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }
}
