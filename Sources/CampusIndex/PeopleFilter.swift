import CampusCore
import Foundation
internal import GRDB

/// What a search's people must be: in a department, of an affiliation. Both are
/// judged on the person as shown, the directory's value first, the registrar's else.
struct PeopleFilter {
    let affiliation: Affiliation?
    /// The department's words as a `LIKE` pattern over the name with a space in front:
    /// `comp science` is `% comp% science%`, matching `Comp Science and Software Eng`
    /// and `Computer Science` (each word starts a word of the name, in order, without case).
    private let departmentPattern: String?

    init(department: String?, affiliation: Affiliation?) {
        self.affiliation = affiliation
        let words = (department ?? "").split(whereSeparator: \.isWhitespace).map { word in
            word.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        }
        departmentPattern = words.isEmpty ? nil : "%" + words.map { " \($0)%" }.joined()
    }

    /// No restriction at all.
    var isEmpty: Bool { departmentPattern == nil && affiliation == nil }

    /// SQL conditions, each after `AND`, on the person whose username is in `column`
    /// (a qualified column of the outer query); the arguments are ``arguments``.
    func sql(_ column: String) -> String {
        var conditions = ""
        if departmentPattern != nil {
            conditions += """
                 AND ' ' || COALESCE(
                    (SELECT d.department FROM directory_people AS d WHERE d.username = \(column)),
                    (SELECT p.department FROM people AS p WHERE p.username = \(column))) LIKE ? ESCAPE '\\'
                """
        }
        if affiliation != nil {
            conditions += """
                 AND COALESCE(
                    (SELECT NULLIF(d.affiliation, 'unknown') FROM directory_people AS d WHERE d.username = \(column)),
                    (SELECT p.affiliation FROM people AS p WHERE p.username = \(column)), 'unknown') = ?
                """
        }
        return conditions
    }

    /// The values of the `?` in ``sql(_:)``, in order.
    var arguments: [SQLValue] {
        [departmentPattern, affiliation?.rawValue].compactMap { $0 }.map(SQLValue.text)
    }
}
