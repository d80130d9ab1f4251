import CampusCore

/// Reads the Instructor cell: `Vale, Robin (valer)` with `valer` linked;
/// ` (tba)` means nobody; older pages share a cell (`dee&livesay`).
///
/// When the page names no one but a username, the username stands as the name.
struct InstructorCellReader: Sendable {
    let rules: InstructorRules
    let idParameter: String

    /// The instructors a cell names, in order.
    func read(_ cell: HTMLNode) -> [InstructorRef] {
        var found: [InstructorRef] = []
        var pending: [UInt8] = []
        var sawLink = false
        cell.forEachChild { child in
            if child.isElement("a") {
                sawLink = true
                let linkText = child.text
                let username = child.attribute("href").flatMap { LinkParameters.value(of: idParameter, in: $0) } ?? linkText
                add(username: username, name: cleanName(pending), to: &found)
                pending.removeAll()
            } else if child.isText {
                child.appendOwnText(to: &pending)
            } else {
                pending += Array(child.text.utf8)
            }
        }
        return sawLink ? found : readPlain(PageText.normalise(pending))
    }

    /// A cell without links: `Vale, Robin (valer)`, `(tba)` or `dee&livesay`.
    private func readPlain(_ text: String) -> [InstructorRef] {
        var found: [InstructorRef] = []
        if let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") {
            let username = String(text[text.index(after: open)..<close].trimmedSpaces)
            add(username: username, name: cleanName(Array(text[..<open].utf8)), to: &found)
            return found
        }
        for part in text.split(whereSeparator: { rules.separators.contains($0) }) {
            add(username: String(part.trimmedSpaces), name: "", to: &found)
        }
        return found
    }

    private func add(username: String, name: String, to found: inout [InstructorRef]) {
        let username = String(username.trimmedSpaces)
        guard !username.isEmpty, !rules.nobody.contains(username.lowercased()) else { return }
        found.append(InstructorRef(name: name.isEmpty ? username : name, username: username))
    }

    /// The text before a link, without the `(`, `)` and separators around it.
    private func cleanName(_ bytes: [UInt8]) -> String {
        let text = PageText.normalise(bytes)
        let strip = rules.separators + ["(", ")", ",", " "]
        var characters = Substring(text)
        while let first = characters.first, strip.contains(first) { characters.removeFirst() }
        while let last = characters.last, strip.contains(last) { characters.removeLast() }
        return String(characters)
    }
}
