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
///  "termDates": null, "crossListedWith": ["MA474-02"]}
/// ```
public struct SectionShape: Encodable, Hashable, Sendable {
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
    }
}

/// `{"name": "Vale, Robin", "username": "valer"}`; `username` is `null` for an instructor the
/// registrar names only by e-mail and the directory does not hold.
public struct InstructorShape: Encodable, Hashable, Sendable {
    public var name: String
    @Nullable public var username: String?

    public init(_ instructor: InstructorRef) {
        name = instructor.name
        username = instructor.username
    }
}

/// `{"days": "MTRF", "start": "09:00", "end": "09:50", "room": "O159"}`.
public struct MeetingShape: Encodable, Hashable, Sendable {
    public var days: String
    public var start: String
    public var end: String
    @Nullable public var room: String?

    public init(_ meeting: Meeting) {
        days = meeting.days.letters
        start = meeting.start.iso
        end = meeting.end.iso
        room = meeting.room
    }
}

/// `{"day": "W", "start": "13:00", "room": "O159", "text": "W at 1:00pm in O159"}`.
public struct FinalExamShape: Encodable, Hashable, Sendable {
    @Nullable public var day: String?
    @Nullable public var start: String?
    @Nullable public var room: String?
    public var text: String

    public init(_ exam: FinalExam) {
        day = exam.day.map { String($0.letter) }
        start = exam.start?.iso
        room = exam.room
        text = exam.raw
    }
}

extension Annotated<SectionShape> {
    /// A section with the part a person plays in it: `{"role": "student", ...section}`.
    public init(_ scheduled: ScheduledSection) {
        self.init(SectionShape(scheduled.section), key: "role", value: scheduled.role.rawValue)
    }
}
