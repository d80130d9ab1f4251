import CampusCore
import GRDB

/// A row of `sections`: one section of one term, without its meetings and
/// instructors (their own tables).
///
/// Rows are read by ``init(row:)`` rather than `Decodable`: search reads
/// sections on every keystroke, and the JSON columns are decoded only when
/// they hold something.
struct SectionRecord: Encodable, FetchableRecord, PersistableRecord {
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
        static let crn = Column(CodingKeys.crn)
        static let title = Column(CodingKeys.title)
        static let subject = Column(CodingKeys.subject)
        static let course = Column(CodingKeys.course)
        static let credits = Column(CodingKeys.credits)
        static let enrolled = Column(CodingKeys.enrolled)
        static let capacity = Column(CodingKeys.capacity)
        static let scheduleRaw = Column(CodingKeys.scheduleRaw)
        static let isToBeAnnounced = Column(CodingKeys.isToBeAnnounced)
        static let unreadable = Column(CodingKeys.unreadable)
        static let comments = Column(CodingKeys.comments)
        static let finalDay = Column(CodingKeys.finalDay)
        static let finalStart = Column(CodingKeys.finalStart)
        static let finalRoom = Column(CodingKeys.finalRoom)
        static let finalRaw = Column(CodingKeys.finalRaw)
        static let termDates = Column(CodingKeys.termDates)
        static let crossListed = Column(CodingKeys.crossListed)
    }

    init(row: Row) throws {
        term = row[Columns.term]
        id = row[Columns.id]
        crn = row[Columns.crn]
        title = row[Columns.title]
        subject = row[Columns.subject]
        course = row[Columns.course]
        credits = row[Columns.credits]
        enrolled = row[Columns.enrolled]
        capacity = row[Columns.capacity]
        scheduleRaw = row[Columns.scheduleRaw]
        isToBeAnnounced = row[Columns.isToBeAnnounced]
        unreadable = try JSONList.decode(row[Columns.unreadable])
        comments = row[Columns.comments]
        finalDay = row[Columns.finalDay]
        finalStart = row[Columns.finalStart]
        finalRoom = row[Columns.finalRoom]
        finalRaw = row[Columns.finalRaw]
        termDates = row[Columns.termDates]
        crossListed = try JSONList.decode(row[Columns.crossListed])
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
        guard let sectionID = SectionIDCache.shared.id(id) else { return nil }
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
            crossListedWith: crossListed.compactMap { SectionIDCache.shared.id($0) })
    }
}
