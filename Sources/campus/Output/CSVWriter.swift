import Foundation

/// Writes RFC 4180 CSV: fields quoted when they hold a comma, quote or line break.
struct CSVWriter {
    private(set) var text = ""

    init(header: [String]) {
        append(header)
    }

    mutating func append(_ fields: [String?]) {
        text += fields.map { Self.quote($0 ?? "") }.joined(separator: ",") + "\r\n"
    }

    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

