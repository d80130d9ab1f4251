import CampusCore
import GRDB

/// A row of `sections`: one section of one term, without its meetings and
/// instructors (their own tables).
struct SectionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "sections"

    var term: String
    var id: String
    var crn: String?
    var title: String
    var subject: String
    var course: String
    var credits: Int?
    var enrolled: Int?
    var capacity: Int?
    var scheduleRaw: String
    var isToBeAnnounced: Bool
    /// Parts of the meeting string the scraper could not read (JSON array).
    var unreadable: [String]
    var comments: String?
    var finalDay: Int?
    var finalStart: Int?
    var finalRoom: String?
    /// The final exam as printed; `nil` exactly when the section has no final exam.
    var finalRaw: String?
    var termDates: String?
    /// Section ids this one is cross-listed with (JSON array).
    var crossListed: [String]

    enum CodingKeys: String, CodingKey {
        case term, id, crn, title, subject, course, credits, enrolled, capacity, unreadable, comments
        case scheduleRaw = "schedule_raw"
        case isToBeAnnounced = "tba"
        case finalDay = "final_day"
        case finalStart = "final_start"
        case finalRoom = "final_room"
        case finalRaw = "final_raw"
        case termDates = "term_dates"
        case crossListed = "cross_listed"
    }

    enum Columns {
        static let term = Column(CodingKeys.term)
        static let id = Column(CodingKeys.id)
    }

    init(_ section: Section, term: TermCode) {
        self.term = term.rawValue
        id = section.id.rawValue
        crn = section.crn
        title = section.title
        subject = section.id.subject
        course = section.id.course
        credits = section.credits
        enrolled = section.enrolled
        capacity = section.capacity
        scheduleRaw = section.schedule.raw
        isToBeAnnounced = section.schedule.isToBeAnnounced
        unreadable = section.schedule.unreadable
        comments = section.comments
        finalDay = section.finalExam?.day?.rawValue
        finalStart = section.finalExam?.start?.minutes
        finalRoom = section.finalExam?.room
        finalRaw = section.finalExam?.raw
        termDates = section.termDates
        crossListed = section.crossListedWith.map(\.rawValue)
    }

    /// The stored section with the given meetings and instructors, or `nil` when
    /// the row holds an id that is not a section id.
    func section(meetings: [Meeting], instructors: [InstructorRef]) -> Section? {
        guard let sectionID = SectionID(id) else { return nil }
        let finalExam = finalRaw.map { raw in
            FinalExam(
                day: finalDay.flatMap(Weekday.init(rawValue:)), start: finalStart.flatMap(ClockTime.init(minutes:)),
                room: finalRoom, raw: raw)
        }
        return Section(
            id: sectionID, crn: crn, title: title, instructors: instructors, credits: credits,
            enrolled: enrolled, capacity: capacity,
            schedule: MeetingSchedule(
                raw: scheduleRaw, meetings: meetings, isToBeAnnounced: isToBeAnnounced, unreadable: unreadable),
            comments: comments, finalExam: finalExam, termDates: termDates,
            crossListedWith: crossListed.compactMap { SectionID($0) })
    }
}
