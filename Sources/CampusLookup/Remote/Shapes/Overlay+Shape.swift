import CampusCore

extension OverlayAnswer {
    /// The overlay `shape` holds, looked at with `options` (those asked for): its members
    /// without their meetings, which the shape does not carry.
    init(_ shape: OverlayShape, options: OverlayOptions) throws(CampusError) {
        let members = shape.members.map { OverlayMember(id: $0.username, busy: []) }
        var position: [String: Int] = [:]
        for (index, member) in members.enumerated() where position[member.id] == nil { position[member.id] = index }
        let busy = try shape.grid.map { row throws(CampusError) in
            try row.cells.map { cell throws(CampusError) in
                try cell.busy.map { username throws(CampusError) in
                    guard let index = position[username] else { throw ShapeReading.unreadable("a member of the overlay", username) }
                    return index
                }
            }
        }
        guard let grid = OverlayGrid(days: try shape.grid.map { row throws(CampusError) in try ShapeReading.day(row.day) }, busy: busy) else {
            throw ShapeReading.unreadable("a grid of class hours", shape.grid.first.map { "\($0.cells.count) hours" } ?? "no days")
        }
        let ranking = try shape.ranking.map { ranked throws(CampusError) in
            RankedSlot(slot: try ShapeReading.slot(ranked.day, ranked.start, ranked.end), busy: ranked.busy, freeCount: ranked.free)
        }
        let freeSlots = try shape.freeSlots.map { slot throws(CampusError) in try ShapeReading.slot(slot.day, slot.start, slot.end) }
        self.init(
            term: try ShapeReading.term(shape.term),
            overlay: Overlay(answered: members, options: options, freeSlots: freeSlots, ranking: ranking, grid: grid),
            people: Dictionary(shape.members.map { ($0.username, Person(username: $0.username, name: $0.name)) }, uniquingKeysWith: { first, _ in first }),
            notEnrolled: shape.members.filter { !$0.enrolled }.map(\.username), leftOut: shape.leftOut, notShared: shape.notShared)
    }
}

extension MeetAnswer {
    /// The times to meet `shape` holds, looked at with `options` (those asked for).
    init(_ shape: MeetShape, options: OverlayOptions) throws(CampusError) {
        let suggestions = try shape.suggestions.map { suggestion throws(CampusError) in
            MeetingSuggestion(
                meeting: try ShapeReading.slot(suggestion.day, suggestion.start, suggestion.end),
                slot: try ShapeReading.slot(suggestion.day, suggestion.start, suggestion.freeUntil),
                busy: suggestion.busy, freeCount: suggestion.free,
                rooms: suggestion.rooms.map { room in
                    FreeRoom(room: room.room, building: room.building, freeUntil: room.freeUntil,
                             nextSection: room.nextSection.flatMap { SectionID($0) }, capacity: room.capacity)
                })
        }
        self.init(overlay: try OverlayAnswer(shape.overlay, options: options), minutes: shape.minutes, suggestions: suggestions)
    }
}
