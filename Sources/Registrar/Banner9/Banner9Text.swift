import CampusCore
import Foundation

/// The text of a Banner 9 answer as pages' text is read: HTML escapes undone, then spaces
/// squeezed and control characters written visibly (``PageText``), so that one instructor
/// reads alike from Banner 8 and Banner 9 and no answer puts a raw control character on a terminal.
enum Banner9Text {
    static func clean(_ text: String) -> String {
        PageText.normalise(Array(HTMLEscapes.decode(text).utf8))
    }

    /// The mark Banner puts after a past term's name: `Fall 2017 (View Only)`.
    private static let viewOnlyMark = "(view only)"

    /// Whether a term's description carries the "(View Only)" mark of a past term.
    static func isViewOnly(_ description: String) -> Bool {
        clean(description).lowercased().hasSuffix(viewOnlyMark)
    }

    /// A term's name without the "(View Only)" mark; its code where nothing else is left.
    static func termName(_ description: String, code: TermCode) -> String {
        var name = clean(description)
        if name.lowercased().hasSuffix(viewOnlyMark) {
            name = String(name.dropLast(viewOnlyMark.count)).trimmingCharacters(in: .whitespaces)
        }
        return name.isEmpty ? code.rawValue : name
    }

    /// ``clean(_:)``, `nil` when nothing is left.
    static func nonEmpty(_ text: String) -> String? {
        PageText.nonEmpty(clean(text))
    }

    /// A decoding error's path as JSON writes it: `data[3].faculty`, not `data.Index 3.faculty`.
    static func path(_ description: String) -> String {
        description.replacingOccurrences(of: #"\.?Index (\d+)"#, with: "[$1]", options: .regularExpression)
    }
}
