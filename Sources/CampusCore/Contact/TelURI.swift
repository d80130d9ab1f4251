/// A phone number as a `tel:` URI (RFC 3966): a North American number as `tel:+1-812-877-8411`,
/// one written with its country code (`+44 20 7946 0958`) as `tel:+442079460958`.
public enum TelURI {
    /// The URI of `phone`; `nil` when it is no number a phone can dial without knowing where it is from.
    public static func of(_ phone: String) -> String? {
        var digits = phone.filter { $0.isASCII && $0.isNumber }
        if phone.trimmingPrefix(while: \.isWhitespace).hasPrefix("+"), !phone.hasPrefix("+1"), (7...15).contains(digits.count) {
            return "tel:+" + digits
        }
        if digits.count == 11, digits.hasPrefix("1") { digits.removeFirst() }
        guard digits.count == 10 else { return nil }
        return "tel:+1-\(digits.prefix(3))-\(digits.dropFirst(3).prefix(3))-\(digits.suffix(4))"
    }
}

extension StringProtocol {
    /// The text after the leading characters that satisfy `predicate`.
    fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> SubSequence {
        self[(firstIndex { !predicate($0) } ?? endIndex)...]
    }
}
