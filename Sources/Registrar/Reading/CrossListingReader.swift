import CampusCore

/// Finds cross-listed sections in a comment: `Cross-listed w/ MA474-02`,
/// `Cross-listed w/ CSSE 490-01` (a space inside), several joined by `,`, `&`, `and` or `/`.
struct CrossListingReader: Sendable {
    /// Lower-cased markers from the definition.
    let markers: [String]

    /// The sections named after each marker, in order, without repeats.
    func sections(in comments: String) -> [SectionID] {
        let lowered = comments.lowercased()
        var found: [SectionID] = []
        for marker in markers {
            for range in lowered.ranges(of: marker) {
                for id in ids(in: lowered[range.upperBound...]) where !found.contains(id) { found.append(id) }
            }
        }
        return found
    }

    private static let joiners: Set<String> = ["&", "and", "/", "+"]

    /// Reads section ids from the start of `text` until a word that is neither an id nor a joiner.
    private func ids(in text: Substring) -> [SectionID] {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map {
            String($0).trimmingTrailing(".;:)")
        }
        var result: [SectionID] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if let id = SectionID(word) {
                result.append(id)
            } else if index + 1 < words.count, word.allSatisfy(\.isLetter), let id = SectionID(word + words[index + 1]) {
                result.append(id)
                index += 1
            } else if !Self.joiners.contains(word) {
                break
            }
            index += 1
        }
        return result
    }
}

extension String {
    /// The text without any of `characters` at its end.
    func trimmingTrailing(_ characters: String) -> String {
        var text = self
        while let last = text.last, characters.contains(last) { text.removeLast() }
        return text
    }
}
