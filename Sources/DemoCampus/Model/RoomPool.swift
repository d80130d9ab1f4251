/// Classrooms: the well-known ones first, then numbered rooms when a big campus needs more.
enum RoomPool {
    static let named = [
        "O159", "O157", "O167", "O169", "O257", "O259", "O267", "O269", "O203-1", "O203-2", "G310", "G315",
        "G217", "G219", "M111", "M137", "A202", "A204", "C111", "C115", "D104", "D217", "E104", "BI102",
    ]

    /// `count` distinct room names (at least the named ones).
    static func rooms(count: Int) -> [String] {
        var rooms = named
        let buildings = ["O", "G", "M", "A", "C", "D", "E", "HH", "SL", "BI"]
        var number = 100
        while rooms.count < count {
            for building in buildings where rooms.count < count {
                let room = "\(building)\(number)"
                if !rooms.contains(room) { rooms.append(room) }
            }
            number += 1
        }
        return rooms
    }
}
