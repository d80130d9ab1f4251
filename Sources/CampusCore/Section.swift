/// A person who teaches a section, as the registrar names them.
///
/// reg-sched.pl pages name instructors by username (`Vale, Robin (valer)`); Banner
/// pages by name and e-mail (`Pouw, Frank`, `fpouw@tru.ca`), matched to directory
/// people by e-mail when the index is written.
public struct InstructorRef: Hashable, Codable, Sendable {
    /// `Vale, Robin` as printed (spaces squeezed).
    public var name: String
    /// `valer`; `nil` where the registrar prints no username (Banner).
    public var username: String?
    /// `fpouw@tru.ca`, where the registrar prints one.
    public var email: String?
    /// Whether the registrar marks this one the primary instructor (Banner's `(P)`).
    public var isPrimary: Bool

    public init(name: String, username: String?, email: String? = nil, isPrimary: Bool = false) {
        self.name = name
        self.username = username
        self.email = email
        self.isPrimary = isPrimary
    }

    /// `Vale, Robin (valer)`; just `lindqvr` where the page printed no name but the username;
    /// `Pouw, Frank` where it printed no username.
    public var label: String {
        guard let username else { return name }
        return name == username ? username : "\(name) (\(username))"
    }
}

/// A final exam slot: `W at 1:00pm in O159`.
public struct FinalExam: Hashable, Codable, Sendable {
    public var day: Weekday?
    public var start: ClockTime?
    public var room: String?
    /// The text as printed.
    public var raw: String
    /// The days the exam may fall on, where the registrar gives them (Banner's
    /// `Dec 11, 2015 - Dec 18, 2015`); one day when it names the date.
    public var dates: DateRange?
    /// When it ends, where the registrar says (Banner).
    public var end: ClockTime?

    public init(day: Weekday?, start: ClockTime?, room: String?, raw: String, dates: DateRange? = nil, end: ClockTime? = nil) {
        self.day = day
        self.start = start
        self.room = room
        self.raw = raw
        self.dates = dates
        self.end = end
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
    /// Sections this one is cross-listed with, read from the comments (reg-sched.pl) or
    /// from the sections sharing its cross-list group (Banner).
    public var crossListedWith: [SectionID]
    /// Credits a whole number cannot say: a choice or range (`0 OR 3`, `1 TO 3`) or a
    /// fraction (`1.500`). ``credits`` holds the section's whole credits where there are some.
    public var creditRange: CreditRange?
    /// The campus it is taught at (`Kamloops`, `Boston, Main Campus`).
    public var campus: String?
    /// The schedule type (`Lecture`, `Seminar`, `Laboratory`).
    public var scheduleType: String?
    /// The waitlist, where the registrar keeps one.
    public var waitlist: Waitlist?
    /// Banner's link identifier (`M1`, `L2`): the section must be taken with a linked one
    /// of the same course (a lecture and its labs).
    public var linkIdentifier: String?
    /// Banner's cross-list group (`DR`): sections sharing it are cross-listed.
    public var crossListGroup: String?

    public init(
        id: SectionID, crn: String? = nil, title: String, instructors: [InstructorRef] = [],
        credits: Int? = nil, enrolled: Int? = nil, capacity: Int? = nil,
        schedule: MeetingSchedule = .none, comments: String? = nil, finalExam: FinalExam? = nil,
        termDates: String? = nil, crossListedWith: [SectionID] = [],
        creditRange: CreditRange? = nil, campus: String? = nil, scheduleType: String? = nil,
        waitlist: Waitlist? = nil, linkIdentifier: String? = nil, crossListGroup: String? = nil
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
        self.creditRange = creditRange
        self.campus = campus
        self.scheduleType = scheduleType
        self.waitlist = waitlist
        self.linkIdentifier = linkIdentifier
        self.crossListGroup = crossListGroup
    }
}

extension Section {
    /// The days `meeting` is held between: its own dates (Banner), else the section's
    /// readable Term Dates; `nil` when it meets on the term's days of classes.
    public func dates(of meeting: Meeting) -> DateRange? {
        meeting.dates ?? termDates.flatMap { DateRange(registrar: $0) }
    }
}
