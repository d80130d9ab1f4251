/// A registrar's term code, such as `202630` (Spring 2025-2026).
///
/// Codes sort in calendar order; what the digits mean lives in a ``TermScheme``.
public struct TermCode: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The code exactly as the registrar writes it.
    public let rawValue: String

    /// The most digits a code may have: registrars write six (`202630`); anything
    /// much longer is a typing slip, not a term.
    public static let maximumDigits = 8

    /// Accepts a code of 1 to ``maximumDigits`` digits only (`202630`); `nil` otherwise.
    public init?(_ text: some StringProtocol) {
        // Most codes are read from pages as they are: ASCII digits, nothing to trim.
        let bytes = text.utf8
        if (1...Self.maximumDigits).contains(bytes.count), bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            rawValue = String(text)
            return
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= Self.maximumDigits, trimmed.allSatisfy(\.isASCIIDigit) else { return nil }
        rawValue = trimmed
    }

    public static func < (lhs: TermCode, rhs: TermCode) -> Bool {
        (lhs.rawValue.count, lhs.rawValue) < (rhs.rawValue.count, rhs.rawValue)
    }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let code = TermCode(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a term code (digits, such as 202630)")
        }
        self = code
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A term: its code and the name the registrar prints for it.
public struct Term: Hashable, Codable, Sendable {
    public var code: TermCode
    /// `Spring 2025-2026`.
    public var name: String

    public init(code: TermCode, name: String) {
        self.code = code
        self.name = name
    }

    /// Whether `text` is this term's name as the registrar prints it, in any case and
    /// spacing (`fall 2016 cps quarter` for "Fall 2016 CPS Quarter").
    public func isNamed(_ text: String) -> Bool {
        func words(_ text: String) -> [Substring] { text.lowercased().split(whereSeparator: \.isWhitespace) }
        let typed = words(text)
        return !typed.isEmpty && typed == words(name)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
    func trimmingCharacters(in set: CharacterSetLite) -> String {
        var scalars = Substring(self)
        while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
        while let last = scalars.last, set.contains(last) { scalars.removeLast() }
        return String(scalars)
    }
}

/// The few character classes CampusCore trims, without Foundation.
enum CharacterSetLite {
    case whitespaces
    func contains(_ character: Character) -> Bool {
        switch self {
        case .whitespaces: character.isWhitespace
        }
    }
}
