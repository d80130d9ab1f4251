import CampusCore
import Foundation

/// A Banner 8 Instructors cell: `John Kariba  Kimani (P), Ann Lee`, the primary one marked
/// `(<ABBR title="Primary">P</ABBR>)`, each name followed by a `mailto:` link (behind an
/// image) where the school shows e-mail. `TBA` names nobody.
enum Banner8InstructorCell {
    static func read(_ cell: HTMLNode) -> [InstructorRef] {
        var found: [InstructorRef] = []
        var name: [UInt8] = []
        var email: String?
        var isPrimary = false

        func finish() {
            let text = PageText.normalise(name.filter { $0 != UInt8(ascii: "(") && $0 != UInt8(ascii: ")") })
            if !text.isEmpty, !ASCIICase.equals(text, "TBA") {
                found.append(InstructorRef(name: text, username: nil, email: email, isPrimary: isPrimary))
            }
            (name, email, isPrimary) = ([], nil, false)
        }

        func visit(_ node: HTMLNode) {
            node.forEachChild { child in
                if child.isText {
                    var text: [UInt8] = []
                    child.appendOwnText(to: &text)
                    for part in text.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).enumerated() {
                        if part.offset > 0 { finish() }
                        name += part.element
                    }
                } else if child.isElement("abbr") {
                    if child.attribute("title").map({ ASCIICase.equals($0, "primary") }) ?? false { isPrimary = true } else { visit(child) }
                } else if child.isElement("a"), let href = child.attribute("href"), ASCIICase.hasPrefix(href, "mailto:") {
                    let address = String(href.dropFirst("mailto:".count)).trimmingCharacters(in: .whitespaces)
                    if email == nil, !address.isEmpty { email = address }
                } else {
                    visit(child)
                }
            }
        }

        visit(cell)
        finish()
        return found
    }
}
