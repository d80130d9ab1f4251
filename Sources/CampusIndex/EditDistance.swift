/// Levenshtein distance, for "did you mean" suggestions.
enum EditDistance {
    /// The number of single-character insertions, deletions and substitutions turning
    /// `a` into `b`, compared without case; `nil` as soon as it must exceed `limit`.
    static func levenshtein(_ a: String, _ b: String, limit: Int) -> Int? {
        let source = Array(a.lowercased())
        let target = Array(b.lowercased())
        guard abs(source.count - target.count) <= limit else { return nil }
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for (i, character) in source.enumerated() {
            current[0] = i + 1
            var rowMinimum = current[0]
            for j in target.indices {
                let substitution = previous[j] + (character == target[j] ? 0 : 1)
                current[j + 1] = min(substitution, previous[j + 1] + 1, current[j] + 1)
                rowMinimum = min(rowMinimum, current[j + 1])
            }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[target.count] <= limit ? previous[target.count] : nil
    }
}
