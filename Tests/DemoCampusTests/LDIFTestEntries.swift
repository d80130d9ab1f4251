import Foundation

/// A plain reading of the LDIF the directory fixture writes: entries of
/// `name: value` and `name:: base64` lines, folded lines joined, comments skipped.
struct LDIFTestEntry {
    let dn: String
    let attributes: [(name: String, value: [UInt8])]

    /// Every value of `name` as bytes.
    func bytes(_ name: String) -> [[UInt8]] {
        attributes.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    /// Every value of `name` as UTF-8 text.
    func texts(_ name: String) -> [String] {
        bytes(name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Reads every entry of `text`.
    static func parse(_ text: String) -> [LDIFTestEntry] {
        text.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.replacingOccurrences(of: "\n ", with: "").split(separator: "\n").filter { !$0.hasPrefix("#") }
            let pairs = lines.compactMap { line -> (String, [UInt8])? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                let name = String(line[..<colon])
                let rest = line[line.index(after: colon)...]
                if rest.hasPrefix(":") {
                    return (name, [UInt8](Data(base64Encoded: rest.dropFirst().trimmingCharacters(in: .whitespaces)) ?? Data()))
                }
                return (name, Array(rest.dropFirst(rest.hasPrefix(" ") ? 1 : 0).utf8))
            }
            guard let first = pairs.first, first.0 == "dn" else { return nil }
            return LDIFTestEntry(dn: String(decoding: first.1, as: UTF8.self), attributes: Array(pairs.dropFirst()))
        }
    }
}
