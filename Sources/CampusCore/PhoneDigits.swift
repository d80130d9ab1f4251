/// Phone numbers reduced to their digits, stored last digit first so that "ends with"
/// is a prefix, and so an index range scan (``PrefixRange``).
public enum PhoneDigits {
    /// The fewest digits a query must hold to be read as (the end of) a phone number.
    public static let minimumQueryDigits = 4

    /// The digits of `phone`, last first: `812-877-8411` is `1148778218`; `nil` when it has none.
    public static func reversed(_ phone: String) -> String? {
        let digits = phone.filter(\.isASCIIDigit)
        return digits.isEmpty ? nil : String(digits.reversed())
    }

    /// The digits of a trimmed query that reads like a phone number or its end (digits,
    /// an optional leading `+1`, spaces, dashes, dots, parentheses; four digits or more),
    /// last first, without the country code; `nil` for any other query.
    ///
    /// `877-8411`, `8411`, `812.877.8411`, `(812) 877-8411` and `+1 812 877 8411` all qualify.
    public static func query(_ text: String) -> String? {
        var body = Substring(text)
        let international = body.hasPrefix("+1")
        if international { body = body.dropFirst(2) }
        guard body.allSatisfy({ $0.isASCIIDigit || " -.()".contains($0) }) else { return nil }
        var digits = body.filter(\.isASCIIDigit)
        if !international, digits.count == 11, digits.hasPrefix("1") { digits.removeFirst() }
        return digits.count >= minimumQueryDigits ? String(digits.reversed()) : nil
    }
}
