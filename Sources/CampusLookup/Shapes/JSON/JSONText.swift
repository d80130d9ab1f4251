/// Scalars as JSON text, escaped as Foundation's `JSONEncoder` escapes them with
/// `.withoutEscapingSlashes`: `"` and `\`, the short escapes `\b \f \n \r \t`, other
/// control characters as `\u00XX` in lower-case hex, everything else as it is (UTF-8).
enum JSONText {
    /// Appends `string` quoted and escaped; most strings need no escape and are copied whole.
    static func appendString(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        if !string.utf8.contains(where: needsEscape) {
            bytes.append(contentsOf: string.utf8)
        } else {
            appendEscaped(string, to: &bytes)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func appendEscaped(_ string: String, to bytes: inout [UInt8]) {
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00 ..< 0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            default: bytes.append(byte)
            }
        }
    }

    /// A floating-point number as Foundation writes it: its shortest description, without
    /// a trailing `.0`; not-a-number and the infinities have no JSON form.
    static func number<Float: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Float) -> String? {
        guard value.isFinite else { return nil }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
