import CampusCore
internal import GRDB

/// A row of `sections`: one section of one term, without its meetings and
/// instructors (their own tables).
///
/// Rows are read by ``init(row:)`` rather than `Decodable`: search reads
/// sections on every keystroke, and the JSON columns are decoded only when
/// they hold something.
struct SectionRecord: Encodable, PersistableRecord {
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
    /// What some registrars add (``SectionParticulars`` as JSON); `nil` when none.
    var particulars: String?

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
        case particulars
    }

    /// ``columns`` of `sections`, for a select list (qualified, for a join).
    static let selection = columns.map { "sections.\($0)" }.joined(separator: ", ")

    /// The columns ``init(row:)`` reads, in order.
    static let columns = [
        "term", "id", "crn", "title", "subject", "course", "credits", "enrolled", "capacity", "schedule_raw", "tba",
        "unreadable", "comments", "final_day", "final_start", "final_room", "final_raw", "term_dates", "cross_listed",
        "particulars",
    ]

    init(row: some ColumnValues) throws {
        term = row.string(0)
        id = row.string(1)
        crn = row.text(2)
        title = row.string(3)
        subject = row.string(4)
        course = row.string(5)
        credits = row.int(6)
        enrolled = row.int(7)
        capacity = row.int(8)
        scheduleRaw = row.string(9)
        isToBeAnnounced = row.bool(10)
        unreadable = try JSONList.decode(row.string(11))
        comments = row.text(12)
        finalDay = row.int(13)
        finalStart = row.int(14)
        finalRoom = row.text(15)
        finalRaw = row.text(16)
        termDates = row.text(17)
        crossListed = try JSONList.decode(row.string(18))
        particulars = row.text(19)
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
        particulars = SectionParticulars(section).json
    }

    /// The stored section with the given meetings and instructors, or `nil` when
    /// the row holds an id that is not a section id.
    ///
    /// - Throws: `DecodingError` when the particulars column holds what no write made.
    func section(meetings: [Meeting], instructors: [InstructorRef]) throws -> Section? {
        guard let sectionID = SectionIDCache.shared.id(id) else { return nil }
        let finalExam = finalRaw.map { raw in
            FinalExam(
                day: finalDay.flatMap(Weekday.init(rawValue:)), start: finalStart.flatMap(ClockTime.init(minutes:)),
                room: finalRoom, raw: raw)
        }
        var section = Section(
            id: sectionID, crn: crn, title: title, instructors: instructors, credits: credits,
            enrolled: enrolled, capacity: capacity,
            schedule: MeetingSchedule(
                raw: scheduleRaw, meetings: meetings, isToBeAnnounced: isToBeAnnounced, unreadable: unreadable),
            comments: comments, finalExam: finalExam, termDates: termDates,
            crossListedWith: crossListed.compactMap { SectionIDCache.shared.id($0) })
        try SectionParticulars.read(particulars)?.fill(&section)
        return section
    }
}
