import CampusCore

/// One weekly meeting of a section held in a room.
public struct RoomBooking: Hashable, Codable, Sendable {
    public var section: Section
    public var meeting: Meeting

    public init(section: Section, meeting: Meeting) {
        self.section = section
        self.meeting = meeting
    }
}
