internal import CampusIndex
import CampusCore
import Foundation

/// A moment in the week: `M 9:00`, `thu 13:30`.
public struct WeekMoment: Hashable, Sendable, CustomStringConvertible {
    public var day: Weekday
    public var time: ClockTime

    public init(day: Weekday, time: ClockTime) {
        self.day = day
        self.time = time
    }

    /// Reads `DAY TIME`: a day letter or name, then a time as ``ClockText/read(typed:)`` reads it
    /// (`9:00`, `9:00am`, `1:30pm`, `13:30`).
    public init?(_ text: String) {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 2 else { return nil }
        let dayWord = String(words[0])
        guard let day = dayWord.count == 1 ? Weekday(letter: dayWord.first!) : Weekday(name: dayWord),
              let time = ClockText.read(typed: words[1]) else { return nil }
        self.init(day: day, time: time)
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
    /// `campus room ROOM [--at "M 9:00"]`, in one read of the index. A prefix that names
    /// several rooms is a no-match whose suggestions list them.
    func room(_ name: String, term: String?, at moment: WeekMoment?, now: Date) throws(CampusError) -> RoomAnswer {
        try read { reader in
            let term = try requireTerm(term, reader, now: now)
            let room = name.uppercased()
            let bookings = try reader.roomSchedule(room, term: term.code)
            guard !bookings.isEmpty else {
                let similar = try reader.rooms(prefix: room, term: term.code)
                throw try notFound(
                    "room in use", query: name, in: term, reader,
                    otherwise: .noMatch(
                        what: "room in use in \(term.name)", query: name,
                        suggestions: similar.isEmpty ? try reader.suggestions(for: room, limit: 5) : Array(similar.prefix(10)))
                ) { try !reader.roomSchedule(room, term: $0).isEmpty }
            }
            let inSession = moment.map { moment in
                bookings.filter { $0.meeting.isInSession(on: moment.day, at: moment.time) }
            } ?? []
            return RoomAnswer(
                term: term, room: bookings[0].meeting.room ?? room, bookings: bookings, moment: moment, inSession: inSession)
        }
    }
}
