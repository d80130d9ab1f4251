import CampusCore

/// A Banner 8 "Scheduled Meeting Times" table: a header row (Type, Time, Days, Where,
/// Date Range, Schedule Type, Instructors), then a row per meeting. Columns are found by
/// their header text, never by position.
struct Banner8MeetingTable {
    let labels: Banner8Labels
    let source: String

    /// The meeting rows and the instructors they name (each once, in order).
    func read(_ table: HTMLNode) throws(PageReadError) -> (rows: [BannerMeetingRow], instructors: [InstructorRef]) {
        let rows = table.tableRows
        guard let header = rows.first else { return ([], []) }
        let names = header.rowCells.map(\.text)
        func column(_ label: String) -> Int? { names.firstIndex { ASCIICase.equals($0, label) } }
        guard let time = column(labels.time), let days = column(labels.days) else {
            throw .layoutChanged(
                source: source, locator: "the \(labels.meetingsCaption) table",
                detail: "no '\(labels.time)' or '\(labels.days)' column among \(names)")
        }
        let type = column(labels.type), place = column(labels.place), dates = column(labels.dateRange)
        let scheduleType = column(labels.meetingScheduleType), teachers = column(labels.instructors)
        var meetings: [BannerMeetingRow] = []
        var instructors: [InstructorRef] = []
        for row in rows.dropFirst() {
            let cells = row.rowCells
            guard cells.count == names.count else { continue }
            func text(_ index: Int?) -> String? { index.flatMap { PageText.nonEmpty(cells[$0].text) } }
            let where_ = text(place), when = text(time), letters = text(days)
            let times = when.flatMap(Banner8Text.times)
            let weekdays = letters.flatMap { [Weekday](letters: $0) }
            // A time or days the page prints but that do not read are kept as printed, never guessed.
            let unreadable = [when.flatMap { times == nil && !ASCIICase.equals($0, "TBA") ? $0 : nil },
                              letters.flatMap { weekdays == nil && !ASCIICase.equals($0, "TBA") ? $0 : nil }].compactMap { $0 }
            meetings.append(BannerMeetingRow(
                type: text(type), scheduleType: text(scheduleType), days: weekdays ?? [], times: times,
                room: where_.map { ASCIICase.equals($0, "TBA") } ?? false ? nil : where_,
                dates: text(dates).flatMap(Banner8Text.dateRange),
                unreadable: unreadable.isEmpty ? nil : unreadable.joined(separator: " ")))
            for instructor in teachers.map({ Banner8InstructorCell.read(cells[$0]) }) ?? []
            where !instructors.contains(where: { $0.name == instructor.name }) {
                instructors.append(instructor)
            }
        }
        return (meetings, instructors)
    }
}
