/// The registrar's calendar: the campus time zone, how long a final exam
/// lasts, and each term's days of classes.
public struct CampusCalendar: Hashable, Codable, Sendable {
    public var timeZone: CampusTimeZone
    /// The length of a final exam in minutes (the pages give only its start).
    public var examMinutes: Int
    /// Each known term's calendar.
    public var terms: [TermCode: TermCalendar]

    public init(timeZone: CampusTimeZone, examMinutes: Int, terms: [TermCode: TermCalendar]) {
        self.timeZone = timeZone
        self.examMinutes = examMinutes
        self.terms = terms
    }
}
