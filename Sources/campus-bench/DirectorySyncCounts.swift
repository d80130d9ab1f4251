import Foundation

/// What `campus sync directory --json` printed, as far as the benchmark checks and reports it.
struct DirectorySyncCounts {
    let kind: String
    let added: Int
    let updated: Int
    let unchanged: Int
    /// People in the index's directory after the sync.
    let people: Int

    /// Entries the sync read and staged.
    var read: Int { added + updated + unchanged }

    /// Reads the JSON object `campus sync directory --json` wrote to `file`.
    init(jsonFile file: URL) throws {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        func count(_ key: String) throws -> Int {
            guard let value = object[key] as? Int else {
                throw BenchmarkFailure("`campus sync directory --json` printed no \(key) in \(file.path)")
            }
            return value
        }
        kind = object["kind"] as? String ?? "?"
        added = try count("added")
        updated = try count("updated")
        unchanged = try count("unchanged")
        people = try count("people")
    }

    /// `100 read: 100 updated, 0 added, 0 unchanged`.
    var summary: String {
        "\(read) read: \(updated) updated, \(added) added, \(unchanged) unchanged"
    }
}
