/// A list of strings kept in one JSON text column (`["MA474-02"]`, `[]` when empty),
/// read without Foundation's JSON decoder, whose cost per call outweighs the few
/// section ids or fragments a column holds (sections are read on every search).
enum JSONList {
    /// Why a column is not a JSON array of strings.
    struct Malformed: Error, CustomStringConvertible {
        let text: String
        var description: String { "'\(text)' is not a JSON array of strings" }
    }

    /// The strings in `text`: a JSON array of strings, with JSON's escapes.
    static func decode(_ text: String) throws(Malformed) -> [String] {
        var reader = Reader(bytes: Array(text.utf8))
        guard let strings = reader.array() else { throw Malformed(text: text) }
        return strings
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func array() -> [String]? {
            skipSpace()
            guard take(UInt8(ascii: "[")) else { return nil }
            var strings: [String] = []
            skipSpace()
            if take(UInt8(ascii: "]")) { return atEnd() ? strings : nil }
            while true {
                skipSpace()
                guard let string = string() else { return nil }
                strings.append(string)
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "]")) else { return nil }
                return atEnd() ? strings : nil
            }
        }

        private mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var scalars = String.UnicodeScalarView()
            var plain: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") {
                    scalars.append(contentsOf: String(decoding: plain, as: UTF8.self).unicodeScalars)
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else {
                    plain.append(byte)
                    continue
                }
                scalars.append(contentsOf: String(decoding: plain, as: UTF8.self).unicodeScalars)
                plain.removeAll(keepingCapacity: true)
                guard let escaped = escape() else { return nil }
                scalars.append(escaped)
            }
            return nil
        }

        private mutating func escape() -> Unicode.Scalar? {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                guard let high = hex4() else { return nil }
                guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) }
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00...0xDFFF).contains(low) else {
                    return nil
                }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            default: return nil
            }
        }

        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[index..<(index + 4)] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
                value = value * 16 + UInt32(digit)
            }
            index += 4
            return value
        }

        private mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        private mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        private mutating func atEnd() -> Bool {
            skipSpace()
            return index == bytes.count
        }
    }
}
