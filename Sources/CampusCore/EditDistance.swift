/// Levenshtein distance, for "did you mean" suggestions (of people and rooms, and of the
/// command line's own subcommands).
public enum EditDistance {
    /// The number of single-byte insertions, deletions and substitutions turning
    /// `a` into `b` (UTF-8, ASCII letters compared without case); `nil` as soon as
    /// it must exceed `limit`.
    public static func levenshtein(_ a: String, _ b: String, limit: Int) -> Int? {
        let source = a.utf8.map(lowercased)
        let target = b.utf8.map(lowercased)
        guard abs(source.count - target.count) <= limit else { return nil }
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for (i, byte) in source.enumerated() {
            current[0] = i + 1
            var rowMinimum = current[0]
            for j in target.indices {
                let substitution = previous[j] + (byte == target[j] ? 0 : 1)
                current[j + 1] = min(substitution, previous[j + 1] + 1, current[j] + 1)
                rowMinimum = min(rowMinimum, current[j + 1])
            }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[target.count] <= limit ? previous[target.count] : nil
    }

    /// The words of `candidates` within `limit` edits of `word`, nearest first (ties in
    /// alphabetical order): what "did you mean" offers.
    public static func nearest(to word: String, among candidates: some Sequence<String>, limit: Int) -> [String] {
        candidates
            .compactMap { candidate in levenshtein(word, candidate, limit: limit).map { (candidate, $0) } }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .map(\.0)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
