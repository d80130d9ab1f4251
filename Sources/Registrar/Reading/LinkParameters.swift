import Foundation

/// Reads a query parameter out of a link: `id` of
/// `/regweb-cgi/reg-sched.pl?type=Instructor&termcode=202630&view=tgrid&id=valer` is `valer`.
enum LinkParameters {
    /// The value of parameter `name` in `href`, percent-decoded; `nil` when absent or empty.
    static func value(of name: String, in href: String) -> String? {
        guard let question = href.firstIndex(of: "?") else { return nil }
        for pair in href[href.index(after: question)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == name else { continue }
            let value = decoded(parts[1])
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// `+` as a space and `%XX` escapes decoded; plain text (the usual case) is returned as it is.
    private static func decoded(_ text: Substring) -> String {
        guard text.contains(where: { $0 == "%" || $0 == "+" }) else { return String(text) }
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
