import CampusCore
import Foundation

/// Writes RFC 4180 CSV: each field as ``CSVField`` writes it (quoted when it holds a comma,
/// quote or line break; never a live formula).
struct CSVWriter {
    private(set) var text = ""

    init(header: [String]) {
        append(header)
    }

    mutating func append(_ fields: [String?]) {
        text += fields.map { CSVField.write($0 ?? "") }.joined(separator: ",") + "\r\n"
    }
}

