import CampusCore
import Foundation
internal import GRDB

extension IndexReader {
    /// Every meeting held in `room` (compared without case) in a term, with its
    /// section, sorted by first day, start time and section.
    public func roomSchedule(_ room: String, term: TermCode) throws -> [RoomBooking] {
        let meetings = try rows(Self.meetingsInRoom, [.text(term.rawValue), .text(room)]) { MeetingRecord(row: $0) }
        let records = try sectionRecords(Array(Set(meetings.map(\.section))), term: term.rawValue)
        let sections = try assemble(records, term: term.rawValue)
        return sections.flatMap { section in
            section.schedule.meetings
                .filter { $0.room?.lowercased() == room.lowercased() }
                .map { RoomBooking(section: section, meeting: $0) }
        }
        .sorted { lhs, rhs in
            (lhs.meeting.days.first?.rawValue ?? 8, lhs.meeting.start, lhs.section.id)
                < (rhs.meeting.days.first?.rawValue ?? 8, rhs.meeting.start, rhs.section.id)
        }
    }

    /// Distinct rooms starting with `prefix` (compared without case), sorted;
    /// in one term, or in any term when `term` is `nil`. `O1` finds O157 and O159.
    public func rooms(prefix: String, term: TermCode?) throws -> [String] {
        try roomNames(prefix: prefix, term: term, limit: nil)
    }

    /// Room names by prefix, for ``rooms(prefix:term:)`` and search.
    func roomNames(prefix: String, term: TermCode?, limit: Int?) throws -> [String] {
        let range = PrefixRange(prefix.trimmingCharacters(in: .whitespaces))
        let bounds: [SQLValue] = [.text(range.lower), .text(range.upper), .int(limit ?? -1)]
        if let term {
            return try rows(Self.roomsOfTerm, [.text(term.rawValue)] + bounds) { $0.string(0) }
        }
        return try rows(Self.roomsOfAnyTerm, bounds) { $0.string(0) }
    }

    private static let meetingsInRoom = "SELECT \(MeetingRecord.selection) FROM meetings WHERE term = ? AND room = ?"
    private static let roomsOfTerm = """
        SELECT DISTINCT room FROM meetings WHERE term = ? AND room >= ? AND room < ? ORDER BY room LIMIT ?
        """
    private static let roomsOfAnyTerm = """
        SELECT DISTINCT room FROM meetings WHERE room >= ? AND room < ? ORDER BY room LIMIT ?
        """
}

extension IndexReader {
    /// Every meeting held in a room in a term, with its section's capacity and the
    /// meeting's own dates (Banner) or else the section's: what tells which rooms are free when.
    public func roomUses(term: TermCode) throws -> [RoomUse] {
        let extra = MeetingRecord.columns.count
        return try rows(Self.roomUsesSQL, [.text(term.rawValue)]) { row -> RoomUse? in
            let record = MeetingRecord(row: row)
            guard let meeting = record.meeting, let room = record.room, let section = SectionID(record.section) else { return nil }
            return RoomUse(room: room, section: section, meeting: meeting, capacity: row.int(extra),
                           dates: meeting.dates ?? row.text(extra + 1).flatMap { DateRange(registrar: $0) })
        }
        .compactMap(\.self)
    }

    private static let roomUsesSQL = """
        SELECT \(MeetingRecord.qualifiedSelection), sections.capacity, sections.term_dates
        FROM meetings JOIN sections ON sections.term = meetings.term AND sections.id = meetings.section
        WHERE meetings.term = ? AND meetings.room IS NOT NULL AND meetings.room != ''
        """
}
