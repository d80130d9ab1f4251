import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus changes`: what registrar refreshes and directory syncs found changed (rooms, times,
/// instructors, seats, sections added and cancelled, students added and dropped).
struct ChangesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "List what refreshes found changed: rooms, times, instructors, seats, sections added and cancelled, students added and dropped.",
        discussion: """
            Examples: campus changes; campus changes --term 202630 --section PH235-01; campus changes --since 2026-11-01; \
            campus changes --refresh 12 --json. Changes are kept for alerts.retention-days (400 unless configured).
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var format: TableFormatOptions

    @Option(help: ArgumentHelp("Only changes found on or after this day or moment (2026-11-01, 2026-11-01T06:00:00Z).", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only what this refresh found (its number, from this list).", valueName: "number"))
    var refresh: Int64?

    @Option(help: ArgumentHelp("Only changes to this term's sections.", valueName: "term"))
    var term: String?

    @Option(help: ArgumentHelp("Only changes to this section (PH235-01).", valueName: "section"))
    var section: String?

    @Option(help: "How many refreshes, newest first.")
    var limit = 100

    func validate() throws {
        try format.refuseBoth(json: global.json)
        guard limit > 0 else { throw ValidationError("--limit \(limit) must be at least 1, e.g. --limit 100") }
        if let since, Self.moment(since) == nil {
            throw ValidationError("--since '\(since)' is not a day such as 2026-11-01 or a moment such as 2026-11-01T06:00:00Z")
        }
        if let term, TermCode(term) == nil { throw ValidationError("--term '\(term)' is not a term code such as 202630") }
        if let section, SectionID(section.uppercased()) == nil {
            throw ValidationError("--section '\(section)' is not a section id such as PH235-01")
        }
    }

    /// A day (midnight UTC) or a moment.
    static func moment(_ text: String) -> Date? {
        if let moment = try? Date(text, strategy: .iso8601) { return moment }
        return try? Date(text + "T00:00:00Z", strategy: .iso8601)
    }

    func run() async throws {
        let query = ChangeQuery(
            since: since.flatMap(Self.moment), refresh: refresh, term: term.flatMap { TermCode($0) },
            section: section.flatMap { SectionID($0.uppercased()) }, limit: limit)
        let found = try await global.lookUp(
            local: { door, _ throws(CampusError) in try await door.changes(query, as: .operator(), now: Date()) },
            remote: { server throws(CampusError) in try await server.changes(query) })
        if global.json {
            print(try AnswerJSON.text(ChangesShape(found)))
            return
        }
        let headers = ["FOUND", "REFRESH", "TERM", "OF", "CHANGE", "BEFORE", "AFTER"]
        let rows = found.flatMap { refresh in
            refresh.changes.map { change in
                [Timestamp.text(refresh.foundAt), String(refresh.refresh), change.term?.rawValue ?? "",
                 [change.section?.rawValue, change.person].compactMap { $0 }.joined(separator: " "),
                 change.kind == .contactChanged ? "\(change.kind.rawValue) (\(change.title ?? ""))" : change.kind.rawValue,
                 change.before ?? "", change.after ?? ""]
            }
        }
        format.print(headers: headers, rows: rows, empty: "no changes recorded: a refresh records what changed since the one before it")
    }
}
