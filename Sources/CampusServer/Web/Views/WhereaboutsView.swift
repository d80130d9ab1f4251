import CampusCore
import CampusLookup

/// Where someone is now or will be next, for a page: `In CSSE474-02 in O159 until 9:50am`.
struct WhereaboutsView: Encodable, Sendable {
    var inClass: Bool
    var section: String
    var sectionHref: String
    var room: String?
    var roomHref: String?
    /// `until 9:50am`, or `Tue 10:00am`.
    var when: String

    init?(_ whereabouts: Whereabouts?, term: TermCode?) {
        guard let whereabouts else { return nil }
        let query = PathSegment.query([("term", term?.rawValue)])
        switch whereabouts {
        case .inClass(let section, let room, let until):
            (inClass, self.section, self.room, when) = (true, section.rawValue, room, "until \(until.twelveHour)")
        case .next(let section, let room, let day, let start, let date):
            let on = date.map { "\(day.name.prefix(3)) \($0.day) \($0.monthAbbreviation), " } ?? "\(day.name.prefix(3)) "
            (inClass, self.section, self.room, when) = (false, section.rawValue, room, on + start.twelveHour)
        }
        sectionHref = "/sections/" + PathSegment.encoded(section) + query
        roomHref = room.map { "/rooms/" + PathSegment.encoded($0) + query }
    }
}
