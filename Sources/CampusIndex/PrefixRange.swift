/// The half-open range of strings starting with a prefix, for index range scans
/// (`column >= lower AND column < upper`); it works with `COLLATE NOCASE` columns too.
struct PrefixRange {
    let lower: String
    let upper: String

    init(_ prefix: String) {
        lower = prefix
        // U+10FFFF encodes above every character, so every extension of the prefix sorts below it.
        upper = prefix + "\u{10FFFF}"
    }
}
