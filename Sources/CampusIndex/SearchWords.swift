import Foundation

/// The words of a query as the full-text index reads words: runs of letters and
/// digits, without case or diacritics (the `unicode61` tokenizer with
/// `remove_diacritics`), so a name the index matched by word prefixes can be told
/// to match by whole words too without asking the index again.
struct SearchWords {
    /// The query's words, folded.
    let folded: [String]

    init(_ words: [String]) {
        folded = words.map(Self.fold)
    }

    /// Whether every query word is a whole word of one of `texts` (a name's parts, a title).
    func areWholeWords(of texts: [String?]) -> Bool {
        var tokens: Set<String> = []
        for text in texts.compactMap(\.self) {
            for token in text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
                tokens.insert(Self.fold(token))
            }
        }
        return folded.allSatisfy(tokens.contains)
    }

    private static func fold(_ word: some StringProtocol) -> String {
        let lowered = word.lowercased()
        guard !lowered.utf8.allSatisfy({ $0 < 0x80 }) else { return lowered }
        return lowered.folding(options: .diacriticInsensitive, locale: nil)
    }
}
