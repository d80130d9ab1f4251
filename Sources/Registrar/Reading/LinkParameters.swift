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
            let raw = parts[1].replacingOccurrences(of: "+", with: " ")
            let value = raw.removingPercentEncoding ?? raw
            return value.isEmpty ? nil : value
        }
        return nil
    }
}
