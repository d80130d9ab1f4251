/// One weekly meeting pattern of a section: days, a time span and a room.
///
/// `MTRF/9:00/O159` is one meeting on four days from 09:00 to 09:50 in O159.
public struct Meeting: Hashable, Codable, Sendable {
    /// The days it meets, in week order.
    public var days: [Weekday]
    /// When it starts.
    public var start: ClockTime
    /// When it ends (the end of the last minute of class, `09:50`).
    public var end: ClockTime
    /// The room, when one is given (`O159`, `ONLINE`, Banner's `Hayden Hall 009`).
    public var room: String?
    /// What kind of meeting it is (a class, a lab).
    public var kind: MeetingKind
    /// The days it runs, where the registrar gives them for the meeting itself (Banner's
    /// `Sep 09, 2015 - Dec 09, 2015`); `nil` means the section's or the term's dates.
    public var dates: DateRange?

    public init(days: [Weekday], start: ClockTime, end: ClockTime, room: String?, kind: MeetingKind = .class, dates: DateRange? = nil) {
        self.days = days.sorted()
        self.start = start
        self.end = end
        self.room = room
        self.kind = kind
        self.dates = dates
    }

    /// Whether this meeting is in session on `day` at `time`: half-open, as overlays and free rooms
    /// count it (a class 9:00-9:50 is in session at 9:00 and 9:49, over at 9:50).
    public func isInSession(on day: Weekday, at time: ClockTime) -> Bool {
        days.contains(day) && start <= time && time < end
    }

    /// Whether this meeting and `other` share a day and overlapping minutes.
    public func overlaps(_ other: Meeting) -> Bool {
        !Set(days).isDisjoint(with: other.days) && start <= other.end && other.start <= end
    }

    /// `MTRF 9:00am-9:50am O159`.
    public var summary: String {
        var text = "\(days.letters) \(start.twelveHour)-\(end.twelveHour)"
        if let room { text += " \(room)" }
        return text
    }
}

/// What a meeting string such as `MR/9:00/O203-1; W/8:00-9:50/O203-1` says.
public struct MeetingSchedule: Hashable, Codable, Sendable {
    /// The text as the registrar printed it, always kept.
    public var raw: String
    /// The meetings read out of it; empty for `TBA`, online or no meeting.
    public var meetings: [Meeting]
    /// True when the registrar says the time is to be announced (`TBA`, `TBA/TBA/ONLINE`).
    public var isToBeAnnounced: Bool
    /// Parts of the string that could not be read; kept raw, never guessed at.
    public var unreadable: [String]

    public init(raw: String, meetings: [Meeting], isToBeAnnounced: Bool = false, unreadable: [String] = []) {
        self.raw = raw
        self.meetings = meetings
        self.isToBeAnnounced = isToBeAnnounced
        self.unreadable = unreadable
    }

    /// No meeting at all: empty text.
    public static let none = MeetingSchedule(raw: "", meetings: [])
}
