/// One weekly use of a room in a term: a section's meeting there, and what that tells of
/// the room (its building, how many it seated).
public struct RoomUse: Hashable, Sendable {
    public var room: String
    public var section: SectionID
    public var meeting: Meeting
    /// The section's capacity, when printed.
    public var capacity: Int?
    /// The section's own Term Dates (a summer half term), when readable.
    public var dates: DateRange?

    public init(room: String, section: SectionID, meeting: Meeting, capacity: Int?, dates: DateRange?) {
        self.room = room
        self.section = section
        self.meeting = meeting
        self.capacity = capacity
        self.dates = dates
    }

    /// Whether it is held on `date`: always in a week looked at without dates, else when
    /// the section's dates (if any) hold the day.
    public func isHeld(on date: CalendarDate?) -> Bool {
        guard let date, let dates else { return true }
        return dates.contains(date)
    }
}

/// The building of a room: the letters before its number (`O159` is in `O`, `BI102` in
/// `BI`, `O203-1` in `O`), upper case.
public enum RoomBuilding {
    public static func of(_ room: String) -> String {
        String(room.uppercased().prefix { $0.isLetter })
    }
}
