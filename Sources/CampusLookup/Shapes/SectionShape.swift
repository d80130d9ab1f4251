import CampusCore

/// A section as every answer shows it.
///
/// ```json
/// {"id": "CSSE474-02", "course": "CSSE474", "crn": "3096", "title": "Theory of Computation",
///  "instructors": [{"name": "Vale, Robin", "username": "valer"}], "credits": 4,
///  "enrolled": 23, "capacity": 24, "schedule": "MTRF/9:00/O159",
///  "meetings": [{"days": "MTRF", "start": "09:00", "end": "09:50", "room": "O159"}],
///  "tba": false, "unreadable": null, "comments": "...",
///  "finalExam": {"day": "W", "start": "13:00", "room": "O159", "text": "W at 1:00pm in O159"},
///  "termDates": null, "crossListedWith": ["MA474-02"],
///  "creditRange": null, "campus": null, "scheduleType": null, "waitlist": null, "link": null}
/// ```
///
/// The last five are what Banner registrars add (`"creditRange": "1 TO 3"`, `"campus":
/// "Kamloops"`, `"scheduleType": "Lecture"`, `"waitlist": {"capacity": 10, "count": 2}`,
/// `"link": "L1"`); a reg-sched.pl registrar gives none of them.
public struct SectionShape: Codable, Hashable, Sendable {
    public var id: String
    public var course: String
    @Nullable public var crn: String?
    public var title: String
    public var instructors: [InstructorShape]
    @Nullable public var credits: Int?
    @Nullable public var enrolled: Int?
    @Nullable public var capacity: Int?
    /// The Term Schedule text as the registrar printed it.
    public var schedule: String
    public var meetings: [MeetingShape]
    /// True when the time is to be announced or the section meets online without a time.
    public var tba: Bool
    /// Parts of the schedule text the scraper could not read (kept raw); `null` when none.
    @Nullable public var unreadable: [String]?
    @Nullable public var comments: String?
    @Nullable public var finalExam: FinalExamShape?
    @Nullable public var termDates: String?
    public var crossListedWith: [String]
    /// Credits a whole number cannot say (`1 TO 3`, `0 OR 3`, `1.500`), as the registrar prints them.
    @Nullable public var creditRange: String?
    @Nullable public var campus: String?
    @Nullable public var scheduleType: String?
    @Nullable public var waitlist: WaitlistShape?
    /// Banner's link identifier: the section is taken with a linked one of the same course.
    @Nullable public var link: String?

    public init(_ section: Section) {
        id = section.id.rawValue
        course = section.id.course
        crn = section.crn
        title = section.title
        instructors = section.instructors.map(InstructorShape.init)
        credits = section.credits
        enrolled = section.enrolled
        capacity = section.capacity
        schedule = section.schedule.raw
        meetings = section.schedule.meetings.map(MeetingShape.init)
        tba = section.schedule.isToBeAnnounced
        unreadable = section.schedule.unreadable.isEmpty ? nil : section.schedule.unreadable
        comments = section.comments
        finalExam = section.finalExam.map(FinalExamShape.init)
        termDates = section.termDates
        crossListedWith = section.crossListedWith.map(\.rawValue)
        creditRange = section.creditRange?.text
        campus = section.campus
        scheduleType = section.scheduleType
        waitlist = section.waitlist.map(WaitlistShape.init)
        link = section.linkIdentifier
    }
}

/// `{"capacity": 10, "count": 2}`: the places on a section's waitlist and how many hold one.
public struct WaitlistShape: Codable, Hashable, Sendable {
    public var capacity: Int
    public var count: Int

    public init(_ waitlist: Waitlist) {
        capacity = waitlist.capacity
        count = waitlist.count
    }
}

/// `{"name": "Vale, Robin", "username": "valer", "email": null, "primary": false}`; `username`
/// is `null` for an instructor the registrar names only by e-mail and the directory does not
/// hold; `email` and `primary` are what Banner registrars print.
public struct InstructorShape: Codable, Hashable, Sendable {
    public var name: String
    @Nullable public var username: String?
    @Nullable public var email: String?
    /// Whether the registrar marks them the primary instructor.
    public var primary: Bool

    public init(_ instructor: InstructorRef) {
        name = instructor.name
        username = instructor.username
        email = instructor.email
        primary = instructor.isPrimary
    }
}

/// `{"days": "MTRF", "start": "09:00", "end": "09:50", "room": "O159", "kind": "class",
/// "firstDay": null, "lastDay": null}`; the days are the meeting's own (Banner), `null`
/// where it meets on the term's days.
public struct MeetingShape: Codable, Hashable, Sendable {
    public var days: String
    public var start: String
    public var end: String
    @Nullable public var room: String?
    /// `class` or `lab`.
    public var kind: String
    @Nullable public var firstDay: String?
    @Nullable public var lastDay: String?

    public init(_ meeting: Meeting) {
        days = meeting.days.letters
        start = meeting.start.iso
        end = meeting.end.iso
        room = meeting.room
        kind = meeting.kind.rawValue
        firstDay = meeting.dates?.first.iso
        lastDay = meeting.dates?.last.iso
    }
}

/// `{"day": "W", "start": "13:00", "room": "O159", "text": "W at 1:00pm in O159", "end": null,
/// "firstDay": null, "lastDay": null}`; Banner registrars give the end and the exam's days.
public struct FinalExamShape: Codable, Hashable, Sendable {
    @Nullable public var day: String?
    @Nullable public var start: String?
    @Nullable public var room: String?
    public var text: String
    @Nullable public var end: String?
    @Nullable public var firstDay: String?
    @Nullable public var lastDay: String?

    public init(_ exam: FinalExam) {
        day = exam.day.map { String($0.letter) }
        start = exam.start?.iso
        room = exam.room
        text = exam.raw
        end = exam.end?.iso
        firstDay = exam.dates?.first.iso
        lastDay = exam.dates?.last.iso
    }
}

extension Annotated<SectionShape> {
    /// A section with the part a person plays in it: `{"role": "student", ...section}`.
    public init(_ scheduled: ScheduledSection) {
        self.init(SectionShape(scheduled.section), key: "role", value: scheduled.role.rawValue)
    }
}

extension SectionShape: AnnotatedShape {
    public static let annotationKey = "role"
}
