import CampusCore

/// `campus room ROOM --json`: `{"term": {...}, "room": "O159", "bookings": [{"section", "title", "meeting"}],
/// "at": "Monday 9:00am" | null, "free": true | false | null, "inSession": [...]}`.
public struct RoomShape: Codable, Sendable {
    /// One weekly meeting in the room.
    public struct Booking: Codable, Sendable {
        public var section: String
        public var title: String
        public var meeting: MeetingShape

        init(_ booking: RoomBooking) {
            section = booking.section.id.rawValue
            title = booking.section.title
            meeting = MeetingShape(booking.meeting)
        }
    }

    public var term: TermShape
    public var room: String
    public var bookings: [Booking]
    @Nullable public var at: String?
    @Nullable public var free: Bool?
    public var inSession: [Booking]

    public init(_ answer: RoomAnswer) {
        term = TermShape(answer.term)
        room = answer.room
        bookings = answer.bookings.map(Booking.init)
        at = answer.moment?.description
        free = answer.moment.map { _ in answer.inSession.isEmpty }
        inSession = answer.inSession.map(Booking.init)
    }
}
