import Foundation

/// Reads a query parameter out of a link: `id` of
/// `/regweb-cgi/reg-sched.pl?type=Instructor&termcode=202630&view=tgrid&id=valer` is `valer`.
enum LinkParameters {
    /// The value of parameter `name` in `href`, percent-decoded; `nil` when absent or empty.
    static func value(of name: String, in href: String) -> String? {
        let bytes = href.utf8
        guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        var start = bytes.index(after: question)
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
            if let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")), bytes[start..<equals].elementsEqual(name.utf8) {
                let value = decoded(href[bytes.index(after: equals)..<end])
                return value.isEmpty ? nil : value
            }
            start = end < bytes.endIndex ? bytes.index(after: end) : end
        }
        return nil
    }

    /// `+` as a space and `%XX` escapes decoded; plain text (the usual case) is returned as it is.
    private static func decoded(_ text: Substring) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(text) }
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
