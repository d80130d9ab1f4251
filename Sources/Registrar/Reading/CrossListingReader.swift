import CampusCore

/// Finds cross-listed sections in a comment: `Cross-listed w/ MA474-02`,
/// `Cross-listed w/ CSSE 490-01` (a space inside), several joined by `,`, `&`, `and` or `/`.
struct CrossListingReader: Sendable {
    /// The definition's markers, lower-cased, as UTF-8.
    private let markers: [[UInt8]]

    /// A reader for `markers` (compared without case).
    init(markers: [String]) {
        self.markers = markers.map { Array($0.lowercased().utf8) }.filter { !$0.isEmpty }
    }

    /// The sections named after each marker, in order, without repeats.
    func sections(in comments: String) -> [SectionID] {
        var found: [SectionID] = []
        for end in markerEnds(in: comments) {
            for id in ids(in: comments[end...]) where !found.contains(id) { found.append(id) }
        }
        return found
    }

    /// Where each marker occurrence ends, found by comparing bytes without (ASCII) case.
    private func markerEnds(in text: String) -> [String.Index] {
        let bytes = text.utf8
        var ends: [String.Index] = []
        for marker in markers {
            var start = bytes.startIndex
            while let first = bytes[start...].firstIndex(where: { $0 | 0x20 == marker[0] | 0x20 }) {
                var index = first
                var matched = 0
                while matched < marker.count, index < bytes.endIndex, lowered(bytes[index]) == marker[matched] {
                    matched += 1
                    index = bytes.index(after: index)
                }
                if matched == marker.count { ends.append(index) }
                start = bytes.index(after: first)
            }
        }
        return ends
    }

    private func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
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
            } else if !Self.joiners.contains(word.lowercased()) {
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
