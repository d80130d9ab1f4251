import Foundation

/// Reads `application/x-www-form-urlencoded` text (`id=CSSE220-01&download=Download+Roster`).
enum FormFields {
    /// The fields, the first value winning when a name repeats; undecodable pairs are skipped.
    static func parse(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), !name.isEmpty else { continue }
            let value = parts.count > 1 ? decode(parts[1]) : ""
            if fields[name] == nil, let value { fields[name] = value }
        }
        return fields
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
