import CampusCore

/// `campus meet --json`, `POST /v1/meet`: the overlay as ``OverlayShape`` writes it, the meeting's
/// length, and the best times: `{"overlay": {...}, "minutes": 50, "suggestions": [{"day": "M",
/// "start": "10:00", "end": "10:50", "freeUntil": "12:00", "free": 3, "of": 3, "busy": [],
/// "rooms": [{...as FreeRoomsShape's rooms}]}]}`.
public struct MeetShape: Codable, Sendable {
    /// One time to meet, and where.
    public struct Suggestion: Codable, Sendable {
        public var day: String
        public var start: ClockTime
        public var end: ClockTime
        /// When the same people stop being free.
        public var freeUntil: ClockTime
        public var free: Int
        public var of: Int
        public var busy: [String]
        public var rooms: [FreeRoomsShape.Room]

        init(_ suggestion: MeetingSuggestion, of count: Int) {
            day = String(suggestion.meeting.day.letter)
            start = suggestion.meeting.start
            end = suggestion.meeting.end
            freeUntil = suggestion.slot.end
            free = suggestion.freeCount
            of = count
            busy = suggestion.busy
            rooms = suggestion.rooms.map { FreeRoomsShape.Room($0, from: suggestion.meeting.start) }
        }
    }

    public var overlay: OverlayShape
    public var minutes: Int
    public var suggestions: [Suggestion]

    public init(_ answer: MeetAnswer) {
        overlay = OverlayShape(answer.overlay, top: answer.suggestions.count)
        minutes = answer.minutes
        suggestions = answer.suggestions.map { Suggestion($0, of: answer.overlay.overlay.members.count) }
    }
}
