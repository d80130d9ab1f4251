import CampusCore
import Foundation

extension ContactAnswer {
    /// The card `shape` holds, as the server showed it to the caller.
    static func shown(_ shape: ContactShape) throws(CampusError) -> Shown<ContactAnswer> {
        let card = ContactCard(person: Person(shape.person), givenName: shape.givenName, familyName: shape.familyName,
                               title: shape.title, hasPhoto: shape.hasPhoto)
        let synced = try shape.directorySyncedAt.map { text throws(CampusError) in
            guard let date = ISO8601DateFormatter().date(from: text) else { throw ShapeReading.unreadable("a moment", text) }
            return date
        }
        let answer = ContactAnswer(card: card, scheduleTerm: shape.schedule.term.flatMap { TermCode($0) },
                                   scheduleURL: shape.schedule.url.flatMap { URL(string: $0) }, directorySyncedAt: synced)
        return Shown(answer, withheld: shape.person.withheld.subtracting(.bannerId))
    }
}
