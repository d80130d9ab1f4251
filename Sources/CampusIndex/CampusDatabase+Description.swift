import CampusCore
import Foundation
internal import GRDB

extension CampusDatabase {
    /// Stores what lookups need of the registrar definition, replacing what was stored.
    public func saveDescription(_ description: CampusDescription, now: Date) throws(IndexError) {
        try write("store the campus description") { db in
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
            let zone = description.timeZone
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO campus_description (id, name, term_seasons, time_zone, standard_offset,
                        daylight_offset, calendar, student_link, instructor_link, written_at)
                    VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    description.name, TermSeasonsColumn.text(description.termScheme), zone.name, zone.standardOffset,
                    zone.daylightOffset, try json(description.calendar), description.scheduleLinks?.student,
                    description.scheduleLinks?.instructor, now,
                ])
        }
    }
}

extension IndexReader {
    /// What lookups need of the registrar definition, as the last sync or import stored it;
    /// `nil` when nothing was stored yet.
    public func campusDescription() throws -> CampusDescription? {
        let stored = try row("SELECT name, calendar, student_link, instructor_link FROM campus_description WHERE id = 1") { row in
            (name: row.string(0), calendar: row.string(1), student: row.text(2), instructor: row.text(3))
        }
        guard let stored, let clock = try termClock() else { return nil }
        var calendar: CampusCalendar = try decode(stored.calendar)
        calendar.timeZone = clock.zone
        let links = stored.student.flatMap { student in stored.instructor.map { ScheduleLinks(student: student, instructor: $0) } }
        return CampusDescription(name: stored.name, termScheme: clock.scheme, calendar: calendar, scheduleLinks: links)
    }

    /// The term scheme and time zone, without decoding the calendar unless the registrar
    /// names its own terms (then their dates tell the current term); `nil` when nothing was stored yet.
    public func termClock() throws -> TermClock? {
        let stored = try row("SELECT term_seasons, time_zone, standard_offset, daylight_offset FROM campus_description WHERE id = 1") { row in
            (seasons: row.string(0), zone: CampusTimeZone(name: row.string(1), standardOffset: row.int(2) ?? 0, daylightOffset: row.int(3)))
        }
        guard let stored else { return nil }
        guard let scheme = TermSeasonsColumn.scheme(stored.seasons) else {
            throw IndexError.corrupt(path: location, detail: "the stored term scheme '\(stored.seasons)' cannot be read")
        }
        guard scheme.namesTermsItself else { return TermClock(scheme: scheme, zone: stored.zone) }
        let calendar: CampusCalendar = try decode(try row("SELECT calendar FROM campus_description WHERE id = 1") { $0.string(0) } ?? "")
        return TermClock(scheme: scheme, zone: stored.zone, termDates: calendar.terms.mapValues(\.classes))
    }

    private func decode<T: Decodable>(_ json: String) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(json.utf8))
        } catch {
            throw IndexError.corrupt(path: location, detail: "the stored campus description cannot be read (\(error))")
        }
    }
}
