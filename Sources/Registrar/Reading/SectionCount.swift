/// A count a section's row prints (credits, enrolled, capacity), read the same way from a
/// page and from a roster download: a whole number no section could exceed, or unknown with
/// a warning saying why (`-5` or `9223372036854775807` is no head count).
enum SectionCount {
    /// More than any section seats or any course is worth.
    static let largest = 100_000

    static func read(_ text: String, named name: String, warn: (String) -> Void) -> Int? {
        guard let value = Int(text) else {
            warn("\(name) '\(text)' is not a number; left unknown")
            return nil
        }
        guard (0...largest).contains(value) else {
            warn("\(name) \(value) is no count a section could have; left unknown")
            return nil
        }
        return value
    }
}
