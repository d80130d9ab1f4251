/// An invitation to one meeting: when and where, who asks and who is asked. Written by
/// ``ICalendarWriter/write(_:stampedAt:)`` as one `VEVENT`.
public struct Invitation: Hashable, Sendable {
    /// Someone asked or asking: a name and an e-mail address.
    public struct Attendee: Hashable, Sendable {
        public var name: String
        public var email: String

        public init(name: String, email: String) {
            self.name = name
            self.email = email
        }
    }

    public var date: CalendarDate
    public var start: ClockTime
    public var end: ClockTime
    public var summary: String
    public var location: String?
    /// Who asks; without one the file publishes the event rather than requests replies
    /// (RFC 5546 needs an organizer for a request).
    public var organizer: Attendee?
    public var attendees: [Attendee]
    /// The event's `UID`: the same meeting written again updates it rather than adding a copy.
    public var uid: String

    public init(
        date: CalendarDate, start: ClockTime, end: ClockTime, summary: String, location: String?,
        organizer: Attendee?, attendees: [Attendee], uid: String
    ) {
        self.date = date
        self.start = start
        self.end = end
        self.summary = summary
        self.location = location
        self.organizer = organizer
        self.attendees = attendees
        self.uid = uid
    }
}
