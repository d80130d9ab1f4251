import Foundation

/// Text made safe for a message header: no line breaks or other control characters (so a name
/// or a section title can never add a header of its own), and anything beyond ASCII encoded
/// as RFC 2047 words.
public enum HeaderText {
    /// `text` with every control character (CR and LF among them) turned into a space.
    public static func visible(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" ? " " : scalar
        }))
    }

    /// An unstructured header value (a subject): as it is when plain ASCII, else one or more
    /// `=?UTF-8?B?…?=` words, each under 76 characters.
    public static func unstructured(_ text: String) -> String {
        let text = visible(text)
        if text.unicodeScalars.allSatisfy({ $0.isASCII }) { return text }
        return encodedWords(text)
    }

    /// A display name: quoted when it holds ASCII specials, encoded when it holds more.
    public static func phrase(_ text: String) -> String {
        let text = visible(text)
        guard text.unicodeScalars.allSatisfy({ $0.isASCII }) else { return encodedWords(text) }
        let escaped = text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        return "\"\(escaped)\""
    }

    /// `text` as base64 encoded words of at most 45 bytes each, never splitting a character.
    static func encodedWords(_ text: String) -> String {
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 45 {
                words.append(word(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(word(chunk)) }
        return words.joined(separator: "\r\n ")
    }

    private static func word(_ bytes: [UInt8]) -> String {
        "=?UTF-8?B?\(Data(bytes).base64EncodedString())?="
    }
}
