import Foundation

/// One entry of an LDIF file (RFC 2849) in the order its attributes are written.
///
/// Values that are not safe strings (non-ASCII, binary, a leading space,
/// colon or `<`, a trailing space) are written base64 (`name:: ...`), and
/// every line longer than 76 characters is folded onto continuation lines
/// that start with one space.
struct LDIFRecord: Sendable {
    /// An attribute value: text, or bytes such as a JPEG.
    enum Value: Sendable {
        case text(String)
        case binary([UInt8])
    }

    let dn: String
    private(set) var attributes: [(name: String, value: Value)] = []

    init(dn: String) {
        self.dn = dn
    }

    /// Appends `name: value` for each text value, in order; nothing for `nil`.
    mutating func add(_ name: String, _ values: String?...) {
        for case let value? in values {
            attributes.append((name, .text(value)))
        }
    }

    /// Appends each text value of `values`, in order.
    mutating func add(_ name: String, all values: [String]) {
        for value in values { attributes.append((name, .text(value))) }
    }

    /// Appends a binary value.
    mutating func add(_ name: String, bytes: [UInt8]) {
        attributes.append((name, .binary(bytes)))
    }

    /// The record's lines, folded, with a blank line after it.
    var rendered: String {
        var text = Self.line("dn", .text(dn))
        for (name, value) in attributes { text += Self.line(name, value) }
        return text + "\n"
    }

    /// The longest line the writer emits, as ldapsearch folds.
    static let lineWidth = 76

    private static func line(_ name: String, _ value: Value) -> String {
        let unfolded: String = switch value {
        case .text(let text) where isSafe(text): "\(name): \(text)"
        case .text(let text): "\(name):: \(Data(text.utf8).base64EncodedString())"
        case .binary(let bytes): "\(name):: \(Data(bytes).base64EncodedString())"
        }
        return fold(unfolded)
    }

    /// RFC 2849 SAFE-STRING: printable ASCII, not starting with space, `:` or `<`, not ending with space.
    private static func isSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return true }
        guard first != " ", first != ":", first != "<", text.unicodeScalars.last != " " else { return false }
        return text.unicodeScalars.allSatisfy { (0x20..<0x7F).contains($0.value) }
    }

    /// Folds an ASCII line: the first piece `lineWidth` long, each continuation a space and `lineWidth - 1` more.
    private static func fold(_ line: String) -> String {
        var rest = Substring(line)
        var folded = String(rest.prefix(lineWidth)) + "\n"
        rest = rest.dropFirst(lineWidth)
        while !rest.isEmpty {
            folded += " " + rest.prefix(lineWidth - 1) + "\n"
            rest = rest.dropFirst(lineWidth - 1)
        }
        return folded
    }
}
