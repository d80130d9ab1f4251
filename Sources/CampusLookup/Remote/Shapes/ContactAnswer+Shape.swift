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

extension FavoriteStatus {
    /// The favorite `shape` holds, of the person `owner` logged in.
    init(_ shape: FavoriteShape, owner: String) throws(CampusError) {
        guard let added = ISO8601DateFormatter().date(from: shape.addedAt) else { throw ShapeReading.unreadable("a moment", shape.addedAt) }
        let sections = try shape.sections.map { entry throws(CampusError) in
            guard let role = SectionRole(rawValue: entry.role) else { throw ShapeReading.unreadable("a role", entry.role) }
            return ScheduledSection(section: try Section(entry.section), role: role)
        }
        self.init(favorite: Favorite(owner: owner, group: shape.group, username: shape.username, addedAt: added),
                  person: shape.person.map(Person.init), term: try shape.term.map(ShapeReading.term), sections: sections,
                  whereabouts: try Self.whereabouts(shape.now, shape.next))
    }

    private static func whereabouts(_ now: FavoriteShape.Now?, _ next: FavoriteShape.Next?) throws(CampusError) -> Whereabouts? {
        if let now {
            guard let section = SectionID(now.section), let until = ClockTime(iso: now.until) else { throw ShapeReading.unreadable("a class", now.section) }
            return .inClass(section: section, room: now.room, until: until)
        }
        guard let next else { return nil }
        guard let section = SectionID(next.section), let day = next.day.first.flatMap(Weekday.init(letter:)), let start = ClockTime(iso: next.start)
        else { throw ShapeReading.unreadable("a next class", next.section) }
        return .next(section: section, room: next.room, day: day, start: start, date: next.date.flatMap { CalendarDate(iso: $0) })
    }
}
