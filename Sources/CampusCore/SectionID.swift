/// A section identifier such as `CSSE474-02`: subject, number and section.
public struct SectionID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The identifier as printed, upper-cased (`CSSE474-02`, `EMGT512-OL1`).
    public let rawValue: String

    /// Reads `SUBJ123-01`; spaces are dropped (`CSSE 490-01`). `nil` without a `-section` part.
    public init?(_ text: some StringProtocol) {
        if let ascii = Self.asciiRawValue(text) {
            guard let rawValue = ascii else { return nil }
            self.rawValue = rawValue
            return
        }
        let compact = String(text.filter { !$0.isWhitespace }).uppercased()
        let parts = compact.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
              parts[0].first!.isLetter, parts[0].contains(where: \.isASCIIDigit),
              compact.allSatisfy({ $0.isLetter || $0.isASCIIDigit || $0 == "-" })
        else { return nil }
        rawValue = compact
    }

    /// The same reading for ASCII text, byte by byte (every section of every page read
    /// passes here); `nil` when `text` is not ASCII, `.some(nil)` when it is no section id.
    private static func asciiRawValue(_ text: some StringProtocol) -> String?? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var dash: Int?
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            switch byte {
            case 0x09...0x0D, 0x20:
                continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                bytes.append(byte - 0x20)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                bytes.append(byte)
            case UInt8(ascii: "-"):
                if dash == nil { dash = bytes.count }
                bytes.append(byte)
            default:
                return .some(nil)
            }
        }
        guard let dash, dash > 0, dash < bytes.count - 1, bytes[0] >= UInt8(ascii: "A"),
              bytes[..<dash].contains(where: { $0 <= UInt8(ascii: "9") && $0 >= UInt8(ascii: "0") }) else { return .some(nil) }
        return .some(String(decoding: bytes, as: UTF8.self))
    }

    /// The course part (`CSSE474`).
    public var course: String { String(rawValue.split(separator: "-", maxSplits: 1)[0]) }
    /// The section part (`02`).
    public var section: String { String(rawValue.split(separator: "-", maxSplits: 1)[1]) }
    /// The subject letters (`CSSE`).
    public var subject: String { String(course.prefix(while: \.isLetter)) }

    public static func < (lhs: SectionID, rhs: SectionID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = SectionID(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a section id such as CSSE474-02")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
