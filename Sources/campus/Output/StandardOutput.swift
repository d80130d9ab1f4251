import CampusCore
import Foundation

/// Everything `campus` prints goes through these two functions, which write
/// control characters visibly (``VisibleText``): data from the registrar, the
/// directory or an argument never drives the terminal. The only escape
/// sequences that pass are the styles ``Terminal`` itself adds (bold, dim,
/// reset), and only when standard output is a colour terminal.
///
/// This `print` stands in for the standard library's throughout the module.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator) + terminator
    let visible = Terminal.standardOutput.usesColor ? Terminal.visibleKeepingStyles(text) : VisibleText.escaped(text, keepingNewlines: true)
    FileHandle.standardOutput.write(Data(visible.utf8))
}

/// Writes a line to standard error, control characters written visibly.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((VisibleText.escaped(message, keepingNewlines: true) + "\n").utf8))
}
