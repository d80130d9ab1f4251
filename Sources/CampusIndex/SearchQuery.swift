import Foundation

/// What one search box query could be: a username, a course or section id, a room,
/// a phone number, or words of a name or title.
struct SearchQuery {
    /// The query as one token (no spaces inside), lower-cased: a username or its start.
    let token: String?
    /// Upper-cased without spaces, when it reads like a course id or its start (`CSSE4`, `csse 474-02`).
    let courseID: String?
    /// A word of letters, digits and dashes that could name a room (`O1`, `O203-1`).
    let room: String?
    /// The words, each matched whole, in any order: `"quinn" "al"`.
    let allWords: String?
    /// The words, each matched as a prefix in any order: `"quinn"* "al"*`.
    let allPrefixes: String?
    /// Any word's prefix: `"quinn"* OR "al"*`, for suggestions.
    let anyPrefix: String?
    /// When it reads like a phone number or its end: its digits, last first (``PhoneDigits``).
    let phoneDigits: String?
    /// Nothing but spaces.
    let isEmpty: Bool

    init(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        isEmpty = trimmed.isEmpty
        phoneDigits = PhoneDigits.query(trimmed)
        let isOneWord = !trimmed.isEmpty && !trimmed.contains(where: \.isWhitespace)
        token = isOneWord ? trimmed.lowercased() : nil

        let compact = String(trimmed.filter { !$0.isWhitespace })
        let idCharacters = compact.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        courseID = !compact.isEmpty && idCharacters && compact.first!.isLetter ? compact.uppercased() : nil
        room = isOneWord && idCharacters ? trimmed : nil

        // Only letters and digits reach FTS5, each word quoted, so no query is FTS5 syntax.
        let words = trimmed.split { !($0.isLetter || $0.isNumber) }.map { "\"\($0)\"" }
        let prefixes = words.map { $0 + "*" }
        allWords = words.isEmpty ? nil : words.joined(separator: " ")
        allPrefixes = words.isEmpty ? nil : prefixes.joined(separator: " ")
        anyPrefix = words.isEmpty ? nil : prefixes.joined(separator: " OR ")
    }
}
