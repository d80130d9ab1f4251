import CampusCore
import Foundation
import GRDB

extension CampusDatabase {
    /// Stores what lookups need of the registrar definition, replacing what was stored.
    public func saveDescription(_ description: CampusDescription, now: Date) throws(IndexError) {
        try write("store the campus description") { db in
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO campus_description
                        (id, name, term_scheme, time_zone, calendar, schedule_links, written_at)
                    VALUES (1, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    description.name, try json(description.termScheme), try json(description.timeZone),
                    try json(description.calendar), try description.scheduleLinks.map(json), now,
                ])
        }
    }
}

extension IndexReader {
    /// What lookups need of the registrar definition, as the last sync or import stored it;
    /// `nil` when nothing was stored yet.
    public func campusDescription() throws -> CampusDescription? {
        guard let row = try Row.fetchOne(statement("SELECT * FROM campus_description WHERE id = 1")) else { return nil }
        return CampusDescription(
            name: row["name"], termScheme: try decode(row["term_scheme"]), calendar: try decode(row["calendar"]),
            scheduleLinks: try (row["schedule_links"] as String?).map { try decode($0) })
    }

    /// The term scheme and time zone alone, without decoding the calendar; `nil` when
    /// nothing was stored yet.
    public func termClock() throws -> TermClock? {
        guard let row = try Row.fetchOne(statement("SELECT term_scheme, time_zone FROM campus_description WHERE id = 1"))
        else { return nil }
        return TermClock(scheme: try decode(row[0]), zone: try decode(row[1]))
    }

    private func decode<T: Decodable>(_ json: String) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(json.utf8))
        } catch {
            throw IndexError.corrupt(path: location, detail: "the stored campus description cannot be read (\(error))")
        }
    }
}
