#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CampusCore
import CampusLookup
import Foundation

/// What the output is going to: a terminal (colour allowed unless `NO_COLOR`) or a pipe/file.
struct Terminal: Sendable {
    /// Whether standard output is a terminal.
    let isTTY: Bool
    /// Whether colour and bold may be used: only on a terminal, never with `NO_COLOR` set.
    let usesColor: Bool

    static let standardOutput: Terminal = {
        let tty = isatty(STDOUT_FILENO) == 1
        let noColor = ProcessEnvironment.value("NO_COLOR").map { !$0.isEmpty } ?? false
        return Terminal(isTTY: tty, usesColor: tty && !noColor)
    }()

    func bold(_ text: String) -> String { usesColor ? Self.boldStyle + text + Self.resetStyle : text }
    func dim(_ text: String) -> String { usesColor ? Self.dimStyle + text + Self.resetStyle : text }

    private static let boldStyle = "\u{1B}[1m"
    private static let dimStyle = "\u{1B}[2m"
    private static let resetStyle = "\u{1B}[0m"

    /// `text` with control characters written visibly, except the styles ``bold(_:)``
    /// and ``dim(_:)`` add.
    static func visibleKeepingStyles(_ text: String) -> String {
        guard text.contains("\u{1B}") else { return VisibleText.escaped(text, keepingNewlines: true) }
        var result = ""
        var rest = Substring(text)
        while let escape = rest.firstIndex(of: "\u{1B}") {
            result += VisibleText.escaped(String(rest[..<escape]), keepingNewlines: true)
            let after = rest[escape...]
            if let style = [boldStyle, dimStyle, resetStyle].first(where: { after.hasPrefix($0) }) {
                result += style
                rest = after.dropFirst(style.count)
            } else {
                result += VisibleText.escaped("\u{1B}")
                rest = after.dropFirst()
            }
        }
        return result + VisibleText.escaped(String(rest), keepingNewlines: true)
    }
}

