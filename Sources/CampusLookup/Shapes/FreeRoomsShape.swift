import CampusCore

/// `campus rooms free --json`, `GET /v1/rooms/free`: `{"term": {...}, "day": "M", "date": "2026-03-02" | null,
/// "start": "10:00", "end": "10:50", "minutes": 50, "building": "O" | null, "noClasses": null | "a break (...)",
/// "roomsSeen": 41, "rooms": [{"room": "O159", "building": "O", "freeUntil": "13:00" | null,
/// "freeMinutes": 180 | null, "nextSection": "CSSE474-02" | null, "capacity": 24 | null}], "total": 12, "next": null}`.
public struct FreeRoomsShape: Codable, Sendable {
    /// One free room: until when (`null`: the rest of the day), what comes next, what it seats.
    public struct Room: Codable, Sendable {
        public var room: String
        public var building: String
        @Nullable public var freeUntil: ClockTime?
        /// Minutes free from the moment asked about; `null` with ``freeUntil``.
        @Nullable public var freeMinutes: Int?
        @Nullable public var nextSection: String?
        @Nullable public var capacity: Int?

        public init(_ room: FreeRoom, from start: ClockTime) {
            self.room = room.room
            building = room.building
            freeUntil = room.freeUntil
            freeMinutes = room.freeUntil.map { $0.minutes - start.minutes }
            nextSection = room.nextSection?.rawValue
            capacity = room.capacity
        }
    }

    public var term: TermShape
    public var day: String
    @Nullable public var date: String?
    public var start: ClockTime
    public var end: ClockTime
    public var minutes: Int
    @Nullable public var building: String?
    @Nullable public var noClasses: String?
    public var roomsSeen: Int
    public var rooms: [Room]
    public var total: Int
    @Nullable public var next: String?

    public init(_ answer: FreeRoomsAnswer, paging: Paging = .everything) {
        term = TermShape(answer.term)
        day = String(answer.moment.day.letter)
        date = answer.date?.iso
        start = answer.moment.time
        end = answer.moment.time.adding(minutes: answer.minutes)
        minutes = answer.minutes
        building = answer.building
        noClasses = answer.noClasses?.description
        roomsSeen = answer.roomsSeen
        rooms = paging.page(answer.rooms).map { Room($0, from: answer.moment.time) }
        total = answer.rooms.count
        next = paging.next(total: total)
    }
}
