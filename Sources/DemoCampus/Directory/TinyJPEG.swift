/// A real, decodable 8x8 grey baseline JPEG, built byte by byte: one flat block
/// of the given grey level, so the same level always gives the same bytes.
///
/// Layout: SOI, APP0 (JFIF 1.01), DQT (all ones), SOF0 (8x8, one component),
/// DHT (the standard luminance DC table of Annex K, an AC table holding only
/// end-of-block), SOS, one entropy-coded block, EOI.
enum TinyJPEG {
    /// The JPEG of an 8x8 square of `grey` (0 black ... 255 white).
    static func grey(_ grey: UInt8) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xE0, Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00])
        bytes += segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        bytes += segment(0xC0, [0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00])
        bytes += segment(0xC4, [0x00] + dcCounts + dcSymbols)
        bytes += segment(0xC4, [0x10] + acCounts + [0x00])
        bytes += segment(0xDA, [0x01, 0x01, 0x00, 0x00, 0x3F, 0x00])
        bytes += scan(grey: grey)
        return bytes + [0xFF, 0xD9]
    }

    /// Codes per length 1...16 of the standard DC table; its symbols are the categories 0...11.
    private static let dcCounts: [UInt8] = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
    private static let dcSymbols: [UInt8] = Array(0...11)
    /// One code of length 1 (`0`): end-of-block.
    private static let acCounts: [UInt8] = [1] + [UInt8](repeating: 0, count: 15)

    private static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// The block: the DC difference (8 times the level-shifted grey, quantised by 1), then end-of-block.
    private static func scan(grey: UInt8) -> [UInt8] {
        let dc = 8 * (Int(grey) - 128)
        let category = dc == 0 ? 0 : Int.bitWidth - abs(dc).leadingZeroBitCount
        var bits = BitWriter()
        let (code, length) = dcCode(category)
        bits.write(code, count: length)
        bits.write(dc >= 0 ? dc : dc + (1 << category) - 1, count: category)
        bits.write(0, count: 1)
        return bits.finished()
    }

    /// The canonical Huffman code of `symbol` in the DC table.
    private static func dcCode(_ symbol: Int) -> (code: Int, length: Int) {
        var code = 0
        var index = 0
        for (offset, count) in dcCounts.enumerated() {
            for _ in 0..<count {
                if Int(dcSymbols[index]) == symbol { return (code, offset + 1) }
                code += 1
                index += 1
            }
            code <<= 1
        }
        preconditionFailure("category \(symbol) is not in the DC table")
    }
}

/// Packs bits most significant first into bytes, stuffing a zero after each 0xFF.
private struct BitWriter {
    private var bytes: [UInt8] = []
    private var current = 0
    private var used = 0

    mutating func write(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) {
            current = (current << 1) | ((value >> shift) & 1)
            used += 1
            if used == 8 { flush() }
        }
    }

    /// The bytes, the last one padded with 1 bits.
    mutating func finished() -> [UInt8] {
        if used > 0 { write((1 << (8 - used)) - 1, count: 8 - used) }
        return bytes
    }

    private mutating func flush() {
        bytes.append(UInt8(current))
        if current == 0xFF { bytes.append(0x00) }
        current = 0
        used = 0
    }
}
