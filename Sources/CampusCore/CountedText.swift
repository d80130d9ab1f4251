/// A count and its noun as people write them: `1 day`, `3 days`, `0 favorites`.
public enum CountedText {
    /// `count` and `noun`, the noun with an `s` unless the count is one.
    ///
    /// ```swift
    /// CountedText.text(1, "minute")   // "1 minute"
    /// CountedText.text(30, "day")     // "30 days"
    /// ```
    public static func text(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
