import CampusCore

/// The words of one alert e-mail: a subject, one line per change, as plain text and as HTML.
/// Whatever came from the registrar or the directory (titles, rooms, names) is escaped in the
/// HTML and cleared of control characters in the text; the subject goes through the mail
/// module's header encoding when sent.
struct AlertLetter: Equatable {
    let subject: String
    let lines: [String]
    let text: String
    let html: String

    /// The letter to `name` (`username`) about `changes`, with links to their week, their alert
    /// settings and the one-click unsubscribe.
    init(to name: String?, username: String, changes: [ClassChange], weekURL: String, settingsURL: String, unsubscribeURL: String) {
        lines = changes.map { Self.line($0, for: username) }
        let sections = Set(changes.compactMap(\.section?.rawValue)).sorted()
        if changes.count == 1, let only = lines.first {
            subject = "Class change: \(only)"
        } else {
            let which = sections.prefix(3).joined(separator: ", ") + (sections.count > 3 ? ", …" : "")
            subject = "\(changes.count) class changes" + (which.isEmpty ? "" : ": \(which)")
        }
        let greeting = "Hello \(VisibleText.escaped(name ?? username)),"
        let intro = changes.count == 1
            ? "The registrar changed a class you take, teach or follow:" : "The registrar changed classes you take, teach or follow:"
        text = ([greeting, "", intro, ""] + lines.map { "  • " + VisibleText.escaped($0) } + [
            "", "Your week: \(weekURL)", "What you hear about: \(settingsURL)", "",
            "To stop these e-mails: \(unsubscribeURL)",
        ]).joined(separator: "\n") + "\n"
        html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(Self.escape(subject))</title></head>
            <body style="font-family: system-ui, sans-serif; line-height: 1.5">
            <p>\(Self.escape(greeting))</p>
            <p>\(Self.escape(intro))</p>
            <ul>
            \(lines.map { "<li>\(Self.escape($0))</li>" }.joined(separator: "\n"))
            </ul>
            <p><a href="\(Self.escape(weekURL))">Your week</a> · <a href="\(Self.escape(settingsURL))">What you hear about</a></p>
            <p style="font-size: smaller"><a href="\(Self.escape(unsubscribeURL))">Stop these e-mails</a></p>
            </body></html>
            """
    }

    /// One change as its reader is told it: their own adds and drops said to them.
    static func line(_ change: ClassChange, for username: String) -> String {
        guard change.kind.namesStudent, change.person?.lowercased() == username.lowercased() else { return change.sentence }
        let what = [change.section?.rawValue, change.title].compactMap { $0 }.joined(separator: " ")
        return change.kind == .studentAdded ? "\(what): you were added" : "\(what): you were dropped"
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` as entities.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in VisibleText.escaped(text) {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
