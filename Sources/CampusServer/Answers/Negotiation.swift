import Hummingbird

/// Which of the types an answer comes in the request's `Accept` prefers (RFC 9110 12.5.1):
/// the highest quality, then the most specific range, then the order offered.
enum Negotiation {
    /// The chosen type, or `nil` when the request accepts none of `offered` (406).
    static func choose(_ offered: [String], accept: String?) -> String? {
        guard let accept, !accept.trimmingCharacters(in: .whitespaces).isEmpty else { return offered.first }
        let ranges = accept.split(separator: ",").compactMap(Range.init)
        var best: (type: String, quality: Double, specificity: Int)?
        for type in offered {
            guard let match = ranges.filter({ $0.matches(type) }).max(by: { $0.specificity < $1.specificity }),
                  match.quality > 0 else { continue }
            if best.map({ match.quality > $0.quality || (match.quality == $0.quality && match.specificity > $0.specificity) }) ?? true {
                best = (type, match.quality, match.specificity)
            }
        }
        return best?.type
    }

    /// One media range of `Accept`: `text/*;q=0.5`.
    struct Range {
        var type: String
        var subtype: String
        var quality: Double

        init?(_ text: Substring) {
            let parts = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let range = parts.first else { return nil }
            let names = range.split(separator: "/", maxSplits: 1).map(String.init)
            guard names.count == 2 else { return nil }
            type = names[0]
            subtype = names[1]
            quality = 1
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)).map { min(max($0, 0), 1) } ?? 1
            }
        }

        /// 2 for `text/csv`, 1 for `text/*`, 0 for `*/*`.
        var specificity: Int { type == "*" ? 0 : subtype == "*" ? 1 : 2 }

        func matches(_ offered: String) -> Bool {
            let names = offered.lowercased().split(separator: "/", maxSplits: 1).map(String.init)
            guard names.count == 2 else { return false }
            return (type == "*" || type == names[0]) && (subtype == "*" || subtype == names[1])
        }
    }
}
