/// A person who teaches a section, as the sections table names them.
public struct InstructorRef: Hashable, Codable, Sendable {
    /// `Vale, Robin` as printed (spaces squeezed).
    public var name: String
    /// `valer`.
    public var username: String

    public init(name: String, username: String) {
        self.name = name
        self.username = username
    }

    /// `Vale, Robin (valer)`; just `lindqvr` where the page printed no name but the username.
    public var label: String {
        name == username ? username : "\(name) (\(username))"
    }
}

/// A final exam slot: `W at 1:00pm in O159`.
public struct FinalExam: Hashable, Codable, Sendable {
    public var day: Weekday?
    public var start: ClockTime?
    public var room: String?
    /// The text as printed.
    public var raw: String

    public init(day: Weekday?, start: ClockTime?, room: String?, raw: String) {
        self.day = day
        self.start = start
        self.room = room
        self.raw = raw
    }
}

/// One section of a course in one term, as the sections table describes it.
public struct Section: Hashable, Codable, Sendable, Identifiable {
    public var id: SectionID
    public var crn: String?
    public var title: String
    /// Who teaches it; empty when the registrar prints ` (tba)`.
    public var instructors: [InstructorRef]
    public var credits: Int?
    public var enrolled: Int?
    public var capacity: Int?
    /// The Term Schedule column, read.
    public var schedule: MeetingSchedule
    public var comments: String?
    public var finalExam: FinalExam?
    /// The Term Dates column as printed (`3/2/26-5/15/26`), when present.
    public var termDates: String?
    /// Sections this one is cross-listed with, read from the comments.
    public var crossListedWith: [SectionID]

    public init(
        id: SectionID, crn: String? = nil, title: String, instructors: [InstructorRef] = [],
        credits: Int? = nil, enrolled: Int? = nil, capacity: Int? = nil,
        schedule: MeetingSchedule = .none, comments: String? = nil, finalExam: FinalExam? = nil,
        termDates: String? = nil, crossListedWith: [SectionID] = []
    ) {
        self.id = id
        self.crn = crn
        self.title = title
        self.instructors = instructors
        self.credits = credits
        self.enrolled = enrolled
        self.capacity = capacity
        self.schedule = schedule
        self.comments = comments
        self.finalExam = finalExam
        self.termDates = termDates
        self.crossListedWith = crossListedWith
    }
}
