/// A text as an XPath 1.0 string literal: in the quotes it does not hold, or, holding both,
/// as `concat()` of parts (`Aucun cours n'a été trouvé` → `"Aucun cours n'a été trouvé"`).
enum XPathLiteral {
    static func quoted(_ text: String) -> String {
        if !text.utf8.contains(UInt8(ascii: "'")) { return "'\(text)'" }
        if !text.utf8.contains(UInt8(ascii: "\"")) { return "\"\(text)\"" }
        let parts = text.split(separator: "'", omittingEmptySubsequences: false).map { "'\($0)'" }
        return "concat(" + parts.joined(separator: ", \"'\", ") + ")"
    }
}
