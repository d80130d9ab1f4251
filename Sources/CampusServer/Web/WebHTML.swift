/// HTML escaping of what a web template writes (every template declares it on its first line,
/// `{{% CONTENT_TYPE: CAMPUS_HTML}}`): `<`, `>`, `&`, `"` and `'` as the entities
/// swift-mustache's own `HTML` type writes, found by one pass over the UTF-8 bytes. Most values
/// hold none of the five and are copied as they are.
///
/// Unlike a look by `Character`, a `<` that a combining mark follows is escaped too.
enum WebHTML {
    /// The name templates declare it by.
    static let name = "CAMPUS_HTML"

    /// Appends `text`, escaped, to `output`.
    static func append(_ text: String, escapedTo output: inout [UInt8]) {
        guard text.utf8.contains(where: isEscaped) else { return output.append(contentsOf: text.utf8) }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): output.append(contentsOf: "&#39;".utf8)
            default: output.append(byte)
            }
        }
    }

    private static func isEscaped(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
