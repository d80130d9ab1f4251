/// One weekly meeting of a section held in a room.
public struct RoomBooking: Hashable, Codable, Sendable {
    /// The section meeting there.
    public var section: Section
    /// The weekly meeting held in the room.
    public var meeting: Meeting

    /// Pairs a section with one of its meetings.
    public init(section: Section, meeting: Meeting) {
        self.section = section
        self.meeting = meeting
    }
}
