import CampusCore

/// Builds the meetings tests expect, from the registrar's own notation.
enum MeetingExpectations {
    /// `meeting("MTRF", "09:00", "09:50", "O159")`.
    static func meeting(_ days: String, _ start: String, _ end: String, _ room: String? = nil) -> Meeting {
        Meeting(days: [Weekday](letters: days)!, start: ClockTime(iso: start)!, end: ClockTime(iso: end)!, room: room)
    }
}
