import CampusCore

/// A section as the JSON output and the API show it: the stable, documented shape.
///
/// ```json
/// {"id": "CSSE474-02", "course": "CSSE474", "crn": "3096", "title": "Theory of Computation",
///  "instructors": [{"name": "Vale, Robin", "username": "valer"}], "credits": 4,
///  "enrolled": 23, "capacity": 24, "schedule": "MTRF/9:00/O159",
///  "meetings": [{"days": "MTRF", "start": "09:00", "end": "09:50", "room": "O159"}],
///  "tba": false, "comments": "...", "finalExam": {"day": "W", "start": "13:00", "room": "O159", "text": "W at 1:00pm in O159"},
///  "termDates": null, "crossListedWith": ["MA474-02"]}
/// ```
public struct SectionView: Codable, Hashable, Sendable {
    public var id: String
    public var course: String
    public var crn: String?
    public var title: String
    public var instructors: [InstructorView]
    public var credits: Int?
    public var enrolled: Int?
    public var capacity: Int?
    /// The Term Schedule text as the registrar printed it.
    public var schedule: String
    public var meetings: [MeetingView]
    /// True when the time is to be announced or the section meets online without a time.
    public var tba: Bool
    /// Parts of the schedule text the scraper could not read (kept raw).
    public var unreadable: [String]?
    public var comments: String?
    public var finalExam: FinalExamView?
    public var termDates: String?
    public var crossListedWith: [String]

    public init(_ section: Section) {
        id = section.id.rawValue
        course = section.id.course
        crn = section.crn
        title = section.title
        instructors = section.instructors.map(InstructorView.init)
        credits = section.credits
        enrolled = section.enrolled
        capacity = section.capacity
        schedule = section.schedule.raw
        meetings = section.schedule.meetings.map(MeetingView.init)
        tba = section.schedule.isToBeAnnounced
        unreadable = section.schedule.unreadable.isEmpty ? nil : section.schedule.unreadable
        comments = section.comments
        finalExam = section.finalExam.map(FinalExamView.init)
        termDates = section.termDates
        crossListedWith = section.crossListedWith.map(\.rawValue)
    }

    /// Writes every key, `null` for absent facts, so the shape never changes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(course, forKey: .course)
        try container.encode(crn, forKey: .crn)
        try container.encode(title, forKey: .title)
        try container.encode(instructors, forKey: .instructors)
        try container.encode(credits, forKey: .credits)
        try container.encode(enrolled, forKey: .enrolled)
        try container.encode(capacity, forKey: .capacity)
        try container.encode(schedule, forKey: .schedule)
        try container.encode(meetings, forKey: .meetings)
        try container.encode(tba, forKey: .tba)
        try container.encode(unreadable, forKey: .unreadable)
        try container.encode(comments, forKey: .comments)
        try container.encode(finalExam, forKey: .finalExam)
        try container.encode(termDates, forKey: .termDates)
        try container.encode(crossListedWith, forKey: .crossListedWith)
    }
}

/// `{"name": "Vale, Robin", "username": "valer"}`.
public struct InstructorView: Codable, Hashable, Sendable {
    public var name: String
    public var username: String

    public init(_ instructor: InstructorRef) {
        name = instructor.name
        username = instructor.username
    }
}

/// `{"days": "MTRF", "start": "09:00", "end": "09:50", "room": "O159"}`.
public struct MeetingView: Codable, Hashable, Sendable {
    public var days: String
    public var start: String
    public var end: String
    public var room: String?

    public init(_ meeting: Meeting) {
        days = meeting.days.letters
        start = meeting.start.iso
        end = meeting.end.iso
        room = meeting.room
    }

    /// Writes every key, `null` for absent facts, so the shape never changes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(days, forKey: .days)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(room, forKey: .room)
    }
}

/// `{"day": "W", "start": "13:00", "room": "O159", "text": "W at 1:00pm in O159"}`.
public struct FinalExamView: Codable, Hashable, Sendable {
    public var day: String?
    public var start: String?
    public var room: String?
    public var text: String

    public init(_ exam: FinalExam) {
        day = exam.day.map { String($0.letter) }
        start = exam.start?.iso
        room = exam.room
        text = exam.raw
    }

    /// Writes every key, `null` for absent facts, so the shape never changes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(day, forKey: .day)
        try container.encode(start, forKey: .start)
        try container.encode(room, forKey: .room)
        try container.encode(text, forKey: .text)
    }
}
