import CampusCore
internal import GRDB

/// A row of `meetings`: one weekly pattern of a section, in printed order.
///
/// Rows are read by position (``init(row:)``, from a select of ``selection``) rather
/// than `Decodable` or column names, for search speed.
struct MeetingRecord: Encodable, PersistableRecord {
    static let databaseTableName = "meetings"

    var term: String
    var section: String
    var position: Int
    /// Day letters in week order (`MTRF`).
    var days: String
    var startMinute: Int
    var endMinute: Int
    var room: String?
    /// ``MeetingKind`` of a meeting that is not a class (`lab`); `nil` for a class.
    var kind: String?
    /// The meeting's own first and last day (`2018-01-08`), where the registrar gives them.
    var firstDay: String?
    var lastDay: String?

    enum CodingKeys: String, CodingKey {
        case term, section, position, days, room, kind
        case startMinute = "start_min"
        case endMinute = "end_min"
        case firstDay = "first_day"
        case lastDay = "last_day"
    }

    /// The columns ``init(row:)`` reads, in order.
    static let columns = ["term", "section", "position", "days", "start_min", "end_min", "room", "kind", "first_day", "last_day"]
    /// ``columns`` as a select list.
    static let selection = columns.joined(separator: ", ")
    /// ``columns`` as a select list naming the table, for joins.
    static let qualifiedSelection = columns.map { "meetings." + $0 }.joined(separator: ", ")

    init(row: some ColumnValues) {
        term = row.string(0)
        section = row.string(1)
        position = row.int(2) ?? 0
        days = row.string(3)
        startMinute = row.int(4) ?? -1
        endMinute = row.int(5) ?? -1
        room = row.text(6)
        kind = row.text(7)
        firstDay = row.text(8)
        lastDay = row.text(9)
    }

    init(_ meeting: Meeting, term: TermCode, section: SectionID, position: Int) {
        self.term = term.rawValue
        self.section = section.rawValue
        self.position = position
        days = meeting.days.letters
        startMinute = meeting.start.minutes
        endMinute = meeting.end.minutes
        room = meeting.room
        kind = meeting.kind == .class ? nil : meeting.kind.rawValue
        firstDay = meeting.dates?.first.iso
        lastDay = meeting.dates?.last.iso
    }

    /// The stored meeting, or `nil` when the row holds days, minutes, a kind or dates no
    /// meeting can have.
    var meeting: Meeting? {
        guard let start = ClockTime(minutes: startMinute), let end = ClockTime(minutes: endMinute),
              let kind = kind.map(MeetingKind.init(rawValue:)) ?? .class else {
            return nil
        }
        var dates: DateRange?
        if firstDay != nil || lastDay != nil {
            guard let first = firstDay.flatMap({ CalendarDate(iso: $0) }), let last = lastDay.flatMap({ CalendarDate(iso: $0) }),
                  first <= last else { return nil }
            dates = DateRange(first: first, last: last)
        }
        let weekdays: [Weekday]? = days.isEmpty ? [] : [Weekday](letters: days)
        return weekdays.map { Meeting(days: $0, start: start, end: end, room: room, kind: kind, dates: dates) }
    }
}
