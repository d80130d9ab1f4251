/// A section identifier such as `CSSE474-02`: subject, number and section.
public struct SectionID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The identifier as printed, upper-cased (`CSSE474-02`, `EMGT512-OL1`).
    public let rawValue: String

    /// Reads `SUBJ123-01`; spaces are dropped (`CSSE 490-01`). `nil` without a `-section` part.
    public init?(_ text: some StringProtocol) {
        let compact = String(text.filter { !$0.isWhitespace }).uppercased()
        let parts = compact.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
              parts[0].first!.isLetter, parts[0].contains(where: \.isASCIIDigit),
              compact.allSatisfy({ $0.isLetter || $0.isASCIIDigit || $0 == "-" })
        else { return nil }
        rawValue = compact
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
