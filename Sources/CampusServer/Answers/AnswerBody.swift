import CampusLookup
import Foundation

/// What a route answers with, in the type negotiated.
enum AnswerBody {
    /// One of the JSON shapes of `CampusLookup` (compact, keys sorted).
    case json(any Encodable)
    /// Text in a type of its own (`text/calendar`, `text/vcard`, `text/csv`, `text/plain`).
    case text(String, type: String)
    /// Bytes in a type of their own (`image/jpeg`).
    case bytes([UInt8], type: String)

    /// The bytes and the `Content-Type` to send them with.
    func encoded() throws -> (bytes: [UInt8], contentType: String) {
        switch self {
        case .json(let shape): (try AnswerJSON.compactData(shape), "application/json")
        case .text(let text, let type): (Array(text.utf8), type + "; charset=utf-8")
        case .bytes(let bytes, let type): (bytes, type)
        }
    }
}
