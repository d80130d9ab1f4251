/// Chooses the encoding to parse a page in: the charset it declares, else
/// UTF-8 when the bytes are valid UTF-8, else windows-1252 (a superset of Latin-1).
enum PageEncoding {
    /// The encoding name for libxml2.
    static func detect(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            if let declared = declaredCharset(UnsafeBufferPointer(rebasing: buffer.prefix(2048))) { return declared }
            if !buffer.contains(where: { $0 >= 0x80 }) || String(validating: buffer, as: UTF8.self) != nil { return "UTF-8" }
            return "windows-1252"
        }
    }

    /// A page saved as UTF-16 (it starts with a byte-order mark, as some editors and
    /// "save as Unicode" write it) in UTF-8, the byte-order mark dropped; `nil` for any other
    /// page. Its bytes then hold no NUL and no `charset` but the one it declared, which
    /// ``detect(_:)`` must not believe: such a page is parsed as UTF-8.
    static func fromUTF16(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 2 else { return nil }
        let littleEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE): littleEndian = true
        case (0xFE, 0xFF): littleEndian = false
        default: return nil
        }
        let units = stride(from: 2, to: bytes.count - 1, by: 2).map { index in
            littleEndian ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// Whether a byte is ASCII white space.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private static let marker = Array("charset=".utf8)

    /// The `charset=` value (as in a `<meta>`) within `head`, if any.
    private static func declaredCharset(_ head: UnsafeBufferPointer<UInt8>) -> String? {
        var start = 0
        while start + marker.count <= head.count {
            var matched = 0
            while matched < marker.count, lowered(head[start + matched]) == marker[matched] { matched += 1 }
            if matched == marker.count { break }
            start += 1
        }
        guard start + marker.count <= head.count else { return nil }
        var index = start + marker.count
        while index < head.count, head[index] == UInt8(ascii: "\"") || head[index] == UInt8(ascii: "'") { index += 1 }
        var name: [UInt8] = []
        while index < head.count, isCharsetByte(lowered(head[index])) {
            name.append(lowered(head[index]))
            index += 1
        }
        return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    private static func isCharsetByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }
}
