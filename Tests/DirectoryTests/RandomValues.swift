@testable import DemoCampus

/// Strings for property and fuzz tests of escaping: drawn with a fixed seed,
/// rich in the characters that filters and DNs treat specially.
enum RandomValues {
    /// Characters with a meaning in a filter or a DN, NUL, spaces and non-ASCII.
    static let alphabet: [Character] = Array(
        "*()\\\u{0},+\"<>;=#/ \t\n" + "abcXYZ019-_.@'" + "éßø中文🙂\u{301}\u{7F}")

    /// `count` strings of 0 to `maximumLength` characters, the same every run for `seed`.
    static func strings(count: Int, maximumLength: Int, seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let length = Int.random(in: 0...maximumLength, using: &random)
            return String((0..<length).map { _ in random.pick(alphabet) })
        }
    }
}
