/// Credits a whole number cannot say: Banner's variable credits (`1.000 TO 3.000`,
/// `0.000 OR 3.000`) and fractions (`1.500`).
///
/// ```swift
/// CreditRange(low: 1, high: 3, joiner: .to).text   // "1 to 3"
/// CreditRange(low: 1.5).text                      // "1.5"
/// ```
public struct CreditRange: Hashable, Codable, Sendable {
    /// How the two ends relate.
    public enum Joiner: String, Hashable, Codable, Sendable {
        /// Any amount from `low` to `high` (`1 TO 3`).
        case to
        /// Either `low` or `high` (`0 OR 3`).
        case or
    }

    public var low: Double
    /// `nil` for a single (fractional) amount.
    public var high: Double?
    public var joiner: Joiner?

    public init(low: Double, high: Double? = nil, joiner: Joiner? = nil) {
        self.low = low
        self.high = high
        self.joiner = joiner
    }

    /// The range ``text`` wrote (`1 to 3`, `0 or 3`, `1.5`); `nil` for other text.
    public init?(text: String) {
        let words = text.split(separator: " ")
        switch words.count {
        case 1:
            guard let low = Double(words[0]) else { return nil }
            self.init(low: low)
        case 3:
            guard let low = Double(words[0]), let joiner = Joiner(rawValue: String(words[1])), let high = Double(words[2]) else { return nil }
            self.init(low: low, high: high, joiner: joiner)
        default:
            return nil
        }
    }

    /// `1 to 3`, `0 or 3`, `1.5`: amounts without trailing zeros.
    public var text: String {
        guard let high else { return Self.amount(low) }
        return "\(Self.amount(low)) \(joiner?.rawValue ?? "to") \(Self.amount(high))"
    }

    /// `3` for 3.0, `1.5` for 1.5, to at most two decimals.
    static func amount(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100, fraction = abs(hundredths % 100)
        if fraction == 0 { return String(whole) }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
