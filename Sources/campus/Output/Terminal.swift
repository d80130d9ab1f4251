#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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

    func bold(_ text: String) -> String { usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { usesColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
