import CampusCore
import CampusIndex
import Foundation

/// A moment in the week: `M 9:00`, `thu 13:30`.
public struct WeekMoment: Hashable, Sendable, CustomStringConvertible {
    public var day: Weekday
    public var time: ClockTime

    /// Reads `DAY TIME`: a day letter or name, then `9:00`, `9:00am`, `1:30pm` or `13:30`.
    public init?(_ text: String) {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 2 else { return nil }
        let dayWord = String(words[0])
        guard let day = dayWord.count == 1 ? Weekday(letter: dayWord.first!) : Weekday(name: dayWord) else { return nil }
        var clock = words[1].lowercased()
        var offset = 0
        if clock.hasSuffix("pm") || clock.hasSuffix("am") {
            let isPM = clock.hasSuffix("pm")
            clock.removeLast(2)
            guard let hour = Int(clock.split(separator: ":").first ?? ""), (1...12).contains(hour) else { return nil }
            offset = (isPM ? 12 : 0) - (hour == 12 ? 12 : 0)
        }
        if !clock.contains(":") { clock += ":00" }
        let parts = clock.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), parts[1].count == 2,
              let time = ClockTime(hour: hour + offset, minute: minute) else { return nil }
        self.day = day
        self.time = time
    }

    public var description: String { "\(day.name) \(time.twelveHour)" }
}

/// A room's week, and whether it is free at a given moment.
public struct RoomAnswer: Sendable {
    public var term: Term
    public var room: String
    public var bookings: [RoomBooking]
    /// The moment asked about with `--at`.
    public var moment: WeekMoment?
    /// The bookings in session at that moment (empty: the room is free).
    public var inSession: [RoomBooking]
}

extension CampusContext {
    /// `campus room ROOM [--at "M 9:00"]`. A prefix that names several rooms is a no-match
    /// whose suggestions list them.
    public func room(_ name: String, term choice: TermChoice?, at moment: WeekMoment?, now: Date) throws -> RoomAnswer {
        let store = try openIndex()
        let term = try resolveTerm(choice, in: store, now: now)
        let room = name.uppercased()
        let bookings = try store.roomSchedule(room, term: term.code)
        guard !bookings.isEmpty else {
            let similar = try store.rooms(prefix: room, term: term.code)
            throw CampusError.noMatch(
                what: "room in use in \(term.name)", query: name,
                suggestions: similar.isEmpty ? try store.suggestions(for: room, limit: 5) : Array(similar.prefix(10)))
        }
        let sorted = bookings.sorted {
            ($0.meeting.days.first?.rawValue ?? 9, $0.meeting.start) < ($1.meeting.days.first?.rawValue ?? 9, $1.meeting.start)
        }
        let inSession = moment.map { moment in
            sorted.filter { $0.meeting.isInSession(on: moment.day, at: moment.time) }
        } ?? []
        return RoomAnswer(term: term, room: bookings[0].meeting.room ?? room, bookings: sorted, moment: moment, inSession: inSession)
    }
}
