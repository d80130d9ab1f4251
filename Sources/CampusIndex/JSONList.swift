import Foundation

/// A list of strings kept in one JSON text column (`[]` when empty).
enum JSONList {
    /// The strings in `text`; the common empty list is read without a JSON decoder.
    static func decode(_ text: String) throws -> [String] {
        guard text != "[]" else { return [] }
        return try JSONDecoder().decode([String].self, from: Data(text.utf8))
    }
}
