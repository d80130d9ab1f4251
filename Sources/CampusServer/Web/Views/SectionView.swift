import CampusCore
import CampusLookup

/// A section as pages list it: its id and title linked, who teaches it, when and where it
/// meets (rooms linked), how full it is, and the role the person looked at has in it.
struct SectionView: Encodable, Sendable {
    struct Instructor: Encodable, Sendable {
        var name: String
        /// The person's page; `nil` for an instructor the directory does not hold.
        var href: String?
    }

    struct When: Encodable, Sendable {
        var text: String
        var room: String?
        var roomHref: String?
    }

    var id: String
    var href: String
    var rosterHref: String
    var title: String
    var role: String?
    var instructors: [Instructor]
    var when: [When]
    var schedule: String
    var enrollment: String?
    var credits: Int?
    var finalExam: String?
    var termDates: String?

    init(_ section: Section, term: TermCode, role: SectionRole? = nil) {
        let query = PathSegment.query([("term", term.rawValue)])
        id = section.id.rawValue
        href = "/sections/" + PathSegment.encoded(id) + query
        rosterHref = "/sections/" + PathSegment.encoded(id) + "/roster" + query
        title = section.title
        self.role = role?.rawValue
        instructors = section.instructors.map { Instructor(name: $0.name, href: $0.username.map { "/people/" + PathSegment.encoded($0) }) }
        when = section.schedule.meetings.map { meeting in
            When(text: Self.whenText(days: meeting.days.letters, start: meeting.start, end: meeting.end), room: meeting.room,
                 roomHref: meeting.room.map { "/rooms/" + PathSegment.encoded($0) + query })
        }
        schedule = section.schedule.meetings.isEmpty ? (section.schedule.raw.isEmpty ? "TBA" : section.schedule.raw) : ""
        enrollment = section.enrolled.map { enrolled in section.capacity.map { "\(enrolled) of \($0)" } ?? "\(enrolled)" }
        credits = section.credits
        finalExam = section.finalExam.map(\.raw)
        termDates = section.termDates
    }

    /// `MTRF 9:00am-9:50am`: a meeting's days and hours as pages say them.
    static func whenText(days: String, start: ClockTime, end: ClockTime) -> String {
        "\(days) \(start.twelveHour)-\(end.twelveHour)"
    }
}
