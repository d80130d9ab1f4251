import Foundation
import CampusCore

/// A person's contact card as text: the facts known, one per line.
struct PersonCard {
    let person: Person
    var title: String?
    var hasPhoto = false

    init(person: Person) {
        self.person = person
    }

    init(card: ContactCard) {
        person = card.person
        title = card.title
        hasPhoto = card.hasPhoto
    }

    func render(on terminal: Terminal) -> String {
        var lines = [terminal.bold(person.name ?? person.username) + terminal.dim("  (\(person.username))")]
        func line(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            lines.append("  " + label.padding(toLength: 12, withPad: " ", startingAt: 0) + value)
        }
        line("Role", person.affiliation == .unknown ? nil : person.affiliation.rawValue)
        line("Title", title)
        line("E-mail", person.email)
        line("Major", person.major)
        line("Class", [person.classStanding, person.year].compactMap { $0 }.joined(separator: " "))
        switch (person.advisorName, person.advisorUsername) {
        case let (name?, username?): line("Advisor", "\(name) (\(username))")
        case let (name, username): line("Advisor", name ?? username)
        }
        line("Department", person.department)
        line("Office", person.office)
        line("Phone", person.phone)
        line("Campus mail", person.campusMail)
        line("Schedule", "campus schedule \(person.username)")
        if hasPhoto { line("Photo", "campus photo \(person.username) > \(person.username).jpg") }
        return lines.joined(separator: "\n")
    }
}
