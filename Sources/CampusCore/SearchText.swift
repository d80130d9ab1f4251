/// What one search box query could be, read once: a username, a course or section
/// id, a room, a phone number, or words of a name or title.
///
/// ```swift
/// let text = SearchText("  Quinn al ")
/// text.words        // ["Quinn", "al"]
/// text.token        // nil: two words are no username
/// SearchText("csse 474-02").courseID   // "CSSE474-02"
/// SearchText("(812) 877-8411").phoneDigits  // "1148778218"
/// SearchText("20425").crn              // "20425"
/// ```
public struct SearchText: Hashable, Sendable {
    /// The query without surrounding white space.
    public let trimmed: String
    /// The query as one token (no spaces inside), lower-cased: a username or its start.
    public let token: String?
    /// Upper-cased without spaces, when it reads like a course id or its start (`CSSE4`, `csse 474-02`).
    public let courseID: String?
    /// A word of ASCII letters, digits and dashes that could name a room (`O1`, `O203-1`).
    public let room: String?
    /// The runs of letters and digits, in order: the words of a name or title.
    public let words: [String]
    /// When it reads like a phone number or its end: its digits, last first (``PhoneDigits``).
    public let phoneDigits: String?
    /// When it is one run of 3 to 8 digits: a section's CRN (`20425`), the registrar's
    /// number for a section.
    public let crn: String?

    /// Reads a query as typed.
    public init(_ text: String) {
        trimmed = Self.trim(text)
        phoneDigits = PhoneDigits.query(trimmed)
        let isOneWord = !trimmed.isEmpty && !trimmed.contains(where: \.isWhitespace)
        token = isOneWord ? trimmed.lowercased() : nil
        let compact = String(trimmed.filter { !$0.isWhitespace })
        let idCharacters = compact.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        courseID = !compact.isEmpty && idCharacters && compact.first!.isLetter ? compact.uppercased() : nil
        room = isOneWord && idCharacters ? trimmed : nil
        words = trimmed.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        crn = (3...8).contains(trimmed.count) && trimmed.allSatisfy { $0.isASCII && $0.isNumber } ? trimmed : nil
    }

    /// Nothing but white space.
    public var isEmpty: Bool { trimmed.isEmpty }

    /// `text` without leading and trailing white space (spaces, tabs, line breaks).
    static func trim(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(text[first...last])
    }
}
