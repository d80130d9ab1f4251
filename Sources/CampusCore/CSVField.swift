/// One field of a CSV file (RFC 4180) as every CSV the product writes has it: quoted where it
/// must be (or always), inner quotes doubled, and never a live formula.
///
/// A spreadsheet runs a cell beginning with `=`, `+`, `-` or `@` (or a tab or carriage return
/// before one) as a formula, so a directory name such as `=HYPERLINK(…)` would run on the
/// registrar's machine. As OWASP's CSV injection guidance says, such a field is written with a
/// `'` before it, which spreadsheets show as text; a plain number (`-3`) is left as it is. So is
/// each part of it after a separator a spreadsheet may split on, where a cell of its own would begin.
///
/// ```swift
/// CSVField.write("=1+1")           // "'=1+1"
/// CSVField.write("Vale;=1+1")      // "\"Vale;'=1+1\""
/// CSVField.write("a,b")            // "\"a,b\""
/// CSVField.write("x", always: true) // "\"x\""
/// ```
public enum CSVField {
    /// `field` as a CSV cell: quoted when it holds a comma, quote or line break, or a semicolon
    /// or tab (the separators spreadsheets of other locales split on, which would start a cell
    /// of their own, a formula perhaps), or `always`.
    public static func write(_ field: String, always: Bool = false) -> String {
        let text = neutralized(field)
        guard always || text.contains(where: { [",", "\"", "\n", "\r", ";", "\t"].contains($0) }) else { return text }
        return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    /// Whether a spreadsheet would take `field` for a formula: it begins with one of the
    /// characters that start one (a tab or carriage return counts), and is no plain number.
    public static func isFormula(_ field: String) -> Bool {
        guard let first = field.unicodeScalars.first, formulaStarts.contains(first) else { return false }
        return !isPlainNumber(field)
    }

    /// `field` with a `'` before its start and before each part after a separator a spreadsheet
    /// may split on (`,` `;`, a tab, a line break) where either would be taken for a formula:
    /// `Vale;=1+1` is written `Vale;'=1+1`.
    static func neutralized(_ field: String) -> String {
        let scalars = Array(field.unicodeScalars)
        var text = String.UnicodeScalarView()
        if isFormula(field) { text.append("'") }
        for (index, scalar) in scalars.enumerated() {
            text.append(scalar)
            guard separators.contains(scalar), index + 1 < scalars.count else { continue }
            // The part runs to the next separator; one that begins it (a tab) is its first character.
            let rest = scalars[(index + 1)...]
            let end = rest.dropFirst().firstIndex(where: separators.contains) ?? scalars.endIndex
            if isFormula(String(String.UnicodeScalarView(scalars[(index + 1)..<end]))) { text.append("'") }
        }
        return String(text)
    }

    private static let separators: Set<Unicode.Scalar> = [",", ";", "\t", "\r", "\n"]

    private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// `-3`, `+2.5`: a sign, digits, at most one decimal point between digits.
    private static func isPlainNumber(_ field: String) -> Bool {
        let body = field.utf8.dropFirst()
        guard field.utf8.first == UInt8(ascii: "-") || field.utf8.first == UInt8(ascii: "+"), !body.isEmpty else { return false }
        let parts = body.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count <= 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { (48...57).contains($0) } }
    }
}
