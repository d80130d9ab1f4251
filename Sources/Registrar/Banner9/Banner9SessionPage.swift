import Foundation

/// The page that opens a Banner 9 session (`term/termSelection`): what the crawl needs of
/// it is the synchronizer token in its head, `<meta name="synchronizerToken" content="...">`.
enum Banner9SessionPage {
    /// The token; `nil` when the page has none (another page, or a changed layout).
    static func synchronizerToken(in bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        var rest = text[...]
        while let meta = rest.range(of: "<meta", options: .caseInsensitive) {
            let tag = rest[meta.upperBound...].prefix { $0 != ">" }
            rest = rest[tag.endIndex...]
            guard attribute("name", in: tag) == "synchronizerToken", let content = attribute("content", in: tag),
                  !content.isEmpty else { continue }
            return content
        }
        return nil
    }

    /// The value of `name="..."` (or single-quoted) in a tag's text.
    private static func attribute(_ name: String, in tag: Substring) -> String? {
        var rest = tag
        while let found = rest.range(of: name + "=", options: .caseInsensitive) {
            let before = rest[..<found.lowerBound].last
            rest = rest[found.upperBound...]
            guard before == nil || before!.isWhitespace, let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            let value = rest.dropFirst().prefix { $0 != quote }
            return String(value)
        }
        return nil
    }
}
