import CampusCore

extension MeetingPattern {
    /// A pattern as often as the registrar's pages show it: mostly one class hour
    /// four days a week, some blocks and labs, a few evenings, TBA and online
    /// (never those three when `scheduledOnly`).
    static func random(credits: Int, scheduledOnly: Bool, using random: inout SeededGenerator) -> MeetingPattern {
        let roll = Double.random(in: 0..<1, using: &random)
        let unscheduledShare = credits < 4 ? 0.5 : 0.1
        if !scheduledOnly, roll < unscheduledShare {
            return random.pick([.toBeAnnounced, .online, .unscheduled])
        }
        let hour = Int.random(in: 8...16, using: &random)
        let blockHour = Int.random(in: 8...15, using: &random)
        switch Double.random(in: 0..<1, using: &random) {
        case ..<0.55:
            let days: [Weekday] = credits >= 4
                ? [.monday, .tuesday, .thursday, .friday] : random.pick([[.monday, .wednesday], [.tuesday, .thursday]])
            return .hourly(days: days, hour: hour)
        case ..<0.75:
            let days: [[Weekday]] = [[.monday, .wednesday, .friday], [.wednesday, .friday], [.tuesday, .thursday]]
            return .block(days: random.pick(days), hour: blockHour)
        case ..<0.95:
            let labDay = random.pick([Weekday.wednesday, .tuesday])
            return .lectureAndLab(days: [.monday, .thursday], hour: hour, labDay: labDay, labHour: blockHour)
        default:
            return .evening(day: random.pick([.monday, .tuesday, .wednesday, .thursday]))
        }
    }
}
