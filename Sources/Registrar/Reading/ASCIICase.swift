/// Comparing page text with a label regardless of ASCII case, on UTF-8 bytes and without
/// making a lower-cased copy: a `lowercased()` per line and cell was a tenth of reading a
/// Banner 8 page. Labels are compared as given, letter case aside (`Credits`, `CREDITS`).
enum ASCIICase {
    /// Whether `text` starts with `prefix`, ignoring ASCII case.
    static func hasPrefix(_ text: some StringProtocol, _ prefix: some StringProtocol) -> Bool {
        let bytes = text.utf8, wanted = prefix.utf8
        guard bytes.count >= wanted.count else { return false }
        return zip(bytes, wanted).allSatisfy { folded($0) == folded($1) }
    }

    /// Whether `text` ends with `suffix`, ignoring ASCII case.
    static func hasSuffix(_ text: some StringProtocol, _ suffix: some StringProtocol) -> Bool {
        let bytes = text.utf8, wanted = suffix.utf8
        guard bytes.count >= wanted.count else { return false }
        return zip(bytes.dropFirst(bytes.count - wanted.count), wanted).allSatisfy { folded($0) == folded($1) }
    }

    /// Whether `text` and `other` are the same, ignoring ASCII case.
    static func equals(_ text: some StringProtocol, _ other: some StringProtocol) -> Bool {
        text.utf8.count == other.utf8.count && hasPrefix(text, other)
    }

    /// Whether the UTF-8 `bytes` (a part of a page's text, perhaps not whole characters)
    /// spell `other`, ignoring ASCII case.
    static func equals(bytes: some Collection<UInt8>, _ other: String) -> Bool {
        bytes.count == other.utf8.count && zip(bytes, other.utf8).allSatisfy { folded($0) == folded($1) }
    }

    /// Whether `text` holds `part` anywhere, ignoring ASCII case.
    static func contains(_ text: some StringProtocol, _ part: some StringProtocol) -> Bool {
        let bytes = Array(text.utf8), wanted = Array(part.utf8)
        guard bytes.count >= wanted.count else { return false }
        if wanted.isEmpty { return true }
        return (0...(bytes.count - wanted.count)).contains { start in
            wanted.indices.allSatisfy { folded(bytes[start + $0]) == folded(wanted[$0]) }
        }
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
