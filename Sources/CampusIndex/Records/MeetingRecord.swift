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

    enum CodingKeys: String, CodingKey {
        case term, section, position, days, room
        case startMinute = "start_min"
        case endMinute = "end_min"
    }

    enum Columns {
        static let term = Column(CodingKeys.term)
        static let section = Column(CodingKeys.section)
        static let position = Column(CodingKeys.position)
        static let days = Column(CodingKeys.days)
        static let startMinute = Column(CodingKeys.startMinute)
        static let endMinute = Column(CodingKeys.endMinute)
        static let room = Column(CodingKeys.room)
    }

    /// The columns ``init(row:)`` reads, in order.
    static let columns = ["term", "section", "position", "days", "start_min", "end_min", "room"]
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
    }

    init(_ meeting: Meeting, term: TermCode, section: SectionID, position: Int) {
        self.term = term.rawValue
        self.section = section.rawValue
        self.position = position
        days = meeting.days.letters
        startMinute = meeting.start.minutes
        endMinute = meeting.end.minutes
        room = meeting.room
    }

    /// The stored meeting, or `nil` when the row holds days or minutes no meeting can have.
    var meeting: Meeting? {
        guard let start = ClockTime(minutes: startMinute), let end = ClockTime(minutes: endMinute) else {
            return nil
        }
        let weekdays: [Weekday]? = days.isEmpty ? [] : [Weekday](letters: days)
        return weekdays.map { Meeting(days: $0, start: start, end: end, room: room) }
    }
}
