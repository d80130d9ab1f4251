import Foundation

/// Reads `application/x-www-form-urlencoded` text (`id=CSSE220-01&download=Download+Roster`).
enum FormFields {
    /// The fields, the first value winning when a name repeats; undecodable pairs are skipped.
    static func parse(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in pairs(text) where fields[name] == nil { fields[name] = value }
        return fields
    }

    /// Every value of each field, in order (Banner 8's forms repeat `sel_subj=dummy&sel_subj=CS`).
    static func all(_ text: String) -> [String: [String]] {
        var fields: [String: [String]] = [:]
        for (name, value) in pairs(text) { fields[name, default: []].append(value) }
        return fields
    }

    private static func pairs(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), !name.isEmpty, let value = parts.count > 1 ? decode(parts[1]) : "" else { return nil }
            return (name, value)
        }
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
