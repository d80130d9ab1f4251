/// What lookups need of a registrar definition, stored in the index whenever a
/// sync or an import writes it, so that a lookup never reads the definition file.
///
/// ```swift
/// let description = CampusDescription(name: "Rose-Hulman Institute of Technology", termScheme: .quarters,
///                                     calendar: calendar, scheduleLinks: nil)
/// description.timeZone.name   // "America/Indiana/Indianapolis"
/// ```
public struct CampusDescription: Hashable, Codable, Sendable {
    /// The campus's name, shown in vCards (`ORG`).
    public var name: String
    /// How term codes are built and named.
    public var termScheme: TermScheme
    /// The academic calendar: the campus time zone, exam length, each term's days of classes.
    public var calendar: CampusCalendar
    /// Where the registrar shows a person's schedule; `nil` when it takes a form post.
    public var scheduleLinks: ScheduleLinks?

    /// Creates a description.
    public init(name: String, termScheme: TermScheme, calendar: CampusCalendar, scheduleLinks: ScheduleLinks?) {
        self.name = name
        self.termScheme = termScheme
        self.calendar = calendar
        self.scheduleLinks = scheduleLinks
    }

    /// The campus time zone: the one source of local time for every lookup.
    public var timeZone: CampusTimeZone { calendar.timeZone }
}

/// The registrar's pages of a person's schedule, as paths and queries below its base
/// URL with `{term}` and `{id}` placeholders:
/// `/regweb-cgi/reg-sched.pl?type=Username&termcode={term}&view=tgrid&id={id}`.
public struct ScheduleLinks: Hashable, Codable, Sendable {
    /// A student's schedule.
    public var student: String
    /// What an instructor teaches.
    public var instructor: String

    /// Creates the links.
    public init(student: String, instructor: String) {
        self.student = student
        self.instructor = instructor
    }
}
