import CampusCore
import Foundation
import GRDB

/// What a search's people must be: in a department, of an affiliation. Both are
/// judged on the person as shown, the directory's value first, the registrar's else.
struct PeopleFilter {
    /// Words each starting a word of the department name, in order, without case:
    /// `comp science` matches `Comp Science and Software Eng` and `Computer Science`.
    var department: String?
    var affiliation: Affiliation?

    /// No restriction at all.
    var isEmpty: Bool { departmentPattern == nil && affiliation == nil }

    /// `% comp% science%`: a `LIKE` pattern over the department name with a space in front.
    private var departmentPattern: String? {
        let words = (department ?? "").split(whereSeparator: \.isWhitespace).map { word in
            word.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        }
        return words.isEmpty ? nil : "%" + words.map { " \($0)%" }.joined()
    }

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
    var arguments: StatementArguments {
        StatementArguments([departmentPattern, affiliation?.rawValue].compactMap(\.self))
    }
}
