/// A full-text query built from words a person typed, never from their raw text:
/// each word becomes an FTS5 string (quoted, inner quotes doubled), so no input
/// is ever read as FTS5 syntax (`AND`, `NEAR`, `*`, `:`, `^`).
///
/// The strings pass through the table's own tokenizer (unicode61 without
/// diacritics), so `Núñez` matches `nunez`.
///
/// ```swift
/// FTS5Query.allPrefixes(of: ["quinn", "al"])?.text          // "quinn"* "al"*
/// FTS5Query.column("title", .allWords(of: ["theory"])!)      // title : ("theory")
/// ```
struct FTS5Query: Hashable {
    /// The query in FTS5's syntax.
    let text: String

    /// Every word, each matched whole, in any order; `nil` without words.
    static func allWords(of words: [String]) -> FTS5Query? {
        join(words.map(string), separator: " ")
    }

    /// Every word, each matched as a token prefix, in any order; `nil` without words.
    static func allPrefixes(of words: [String]) -> FTS5Query? {
        join(words.map { string($0) + "*" }, separator: " ")
    }

    /// Any word's prefix; `nil` without words.
    static func anyPrefix(of words: [String]) -> FTS5Query? {
        join(words.map { string($0) + "*" }, separator: " OR ")
    }

    /// `query` restricted to one column of the table.
    static func column(_ name: String, _ query: FTS5Query) -> FTS5Query {
        FTS5Query(text: "\(name) : (\(query.text))")
    }

    /// An FTS5 string: in double quotes, a double quote inside doubled.
    private static func string(_ word: String) -> String {
        "\"" + word.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    private static func join(_ parts: [String], separator: String) -> FTS5Query? {
        parts.isEmpty ? nil : FTS5Query(text: parts.joined(separator: separator))
    }
}
