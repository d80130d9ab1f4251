import Mustache

/// The content type every web template declares (`{{% CONTENT_TYPE: CAMPUS_HTML}}`, registered
/// by ``WebTemplates``): HTML, escaped as swift-mustache's own `HTML` type escapes it (`<`, `>`,
/// `&`, `"` and `'`, as the same entities), found by one pass over the UTF-8 bytes. The
/// library's type looks each `Character` up in a dictionary, a sixth of a page's render
/// (BENCHMARKS.md, "API and web app"); most values hold none of the five and come back as they are.
///
/// Unlike a look by `Character`, a `<` that a combining mark follows is escaped too.
struct WebHTML: MustacheContentType {
    /// The name templates declare it by.
    static let name = "CAMPUS_HTML"

    func escapeText(_ text: String) -> String {
        guard text.utf8.contains(where: Self.isEscaped) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "<"): escaped.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): escaped.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "&"): escaped.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "\""): escaped.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): escaped.append(contentsOf: "&#39;".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func isEscaped(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
