import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus audit`: the record of disclosures `campus serve` keeps (who saw whose schedule,
/// history or roster, when, under which rule).
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "List the record of disclosures: who saw whose schedule, history or roster, when, and which rule allowed it.",
        discussion: """
            Examples: campus audit --subject quinna; campus audit --viewer valer --since 2026-11-01T00:00:00Z; \
            campus audit --student quinna (what a student may inspect of the record: their own records and the rosters that held them).
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var format: TableFormatOptions

    @Option(help: ArgumentHelp("Only what this username saw.", valueName: "username"))
    var viewer: String?

    @Option(help: ArgumentHelp("Only the records of this person or section.", valueName: "username-or-section"))
    var subject: String?

    @Option(help: ArgumentHelp(
        "Only those of this student's records: their schedule, history and shared feeds, and the rosters of the sections they were enrolled in.",
        valueName: "username"))
    var student: String?

    @Option(help: ArgumentHelp("Only disclosures at or after this moment (2026-11-01T00:00:00Z).", valueName: "moment"))
    var since: String?

    @Option(help: ArgumentHelp("Only disclosures before this moment.", valueName: "moment"))
    var until: String?

    @Option(help: "How many, newest first.")
    var limit = 100

    func validate() throws {
        try format.refuseBoth(json: global.json)
        guard limit > 0 else { throw ValidationError("--limit \(limit) must be at least 1, e.g. --limit 100") }
        for (name, value) in [("since", since), ("until", until)] {
            if let value, (try? Date(value, strategy: .iso8601)) == nil {
                throw ValidationError("--\(name) '\(value)' is not a moment such as 2026-11-01T00:00:00Z")
            }
        }
    }

    func run() async throws {
        var query = DisclosureQuery(
            viewer: viewer, subject: subject, since: since.flatMap { try? Date($0, strategy: .iso8601) },
            until: until.flatMap { try? Date($0, strategy: .iso8601) })
        let student = student
        let campus = try global.campus()
        // Nothing here to read: say so (and how to make an index), rather than make an empty record.
        if case .file(let record) = campus.state, !FileManager.default.fileExists(atPath: record.path),
           !FileManager.default.fileExists(atPath: campus.indexURL.path) {
            throw CommandFailure(.indexMissing(path: campus.indexURL.path), json: global.json)
        }
        let found = try await global.run { door async throws(CampusError) in
            if let student { query.concerning = try door.disclosedStudent(student, as: .operator()) }
            return try await door.disclosures(matching: query, limit: limit, offset: 0, as: .operator())
        }
        if global.json {
            print(try AnswerJSON.text(AuditShape(found.items, total: found.total, paging: Paging(offset: 0, limit: limit))))
            return
        }
        let headers = ["AT", "VIEWER", "RECORD", "SUBJECT", "TERM", "RULE"]
        let rows = found.items.map { [$0.at.formatted(.iso8601), $0.viewer, $0.record.rawValue, $0.subject, $0.term ?? "", $0.rule] }
        format.print(
            headers: headers, rows: rows,
            empty: "no disclosures recorded" + (found.total > 0 ? "" : " yet: campus serve records each schedule, history and roster it shows"))
        if !format.csv, !rows.isEmpty, found.total > rows.count { print("\(rows.count) of \(found.total); --limit shows more") }
    }
}
