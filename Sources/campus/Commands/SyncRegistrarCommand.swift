import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus sync registrar [--source URL|DIR] [--term T]`: crawl terms into the index.
struct SyncRegistrarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "registrar",
        abstract: "Crawl the registrar's pages for terms and swap each into the index.",
        discussion: """
            Without --source, reads the registrar URL (or saved-pages folder) from the configuration file, \
            else the bundled demo campus. Credentials come from the files or environment variables the \
            configuration names, never from the command line. A term whose crawl fails, or whose section \
            count falls by more than half (without --force), keeps what the index held.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var writer: WriterOptions

    @Option(help: ArgumentHelp("The registrar's base URL (https://host) or a folder of saved pages.", valueName: "url-or-dir"))
    var source: String?

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("A term code (202630), a name (\"spring 2026\"), current, next, previous or all; repeat for several (default: current and next).", valueName: "term"))
    var term: [String] = []

    @Flag(help: "Accept a term whose section or enrollment count falls by more than half, or whose crawl missed pages.")
    var force = false

    func run() async throws {
        let terms: SyncTerms = term.isEmpty ? .defaults : term.contains { $0.lowercased() == "all" } ? .all : .chosen(term)
        let campus = try global.campus(writing: writer)
        let door = CampusService(operating: campus)
        let outcomes = try await running(json: global.json) { () async throws(CampusError) in
            let location = try campus.registrarLocation(source: source)
            if !global.json { printError("Crawling \(location) into \(campus.indexURL.path)") }
            return try await door.syncRegistrar(from: location, terms: terms, force: force,
                                                progress: TerminalProgressBar(), as: .operator(), now: Date())
        }
        if global.json {
            print(try AnswerJSON.text(outcomes.map(TermSyncShape.init)))
        } else {
            printSummary(outcomes)
        }
        if outcomes.contains(where: { $0.result.failure != nil }) { throw ExitCode(1) }
    }

    private func printSummary(_ outcomes: [TermSyncOutcome]) {
        let terminal = Terminal.standardOutput
        var table = TextTable("TERM", "NAME", "SECTIONS", "ENROLMENTS", "PAGES", "CHANGED", "RESULT")
        for outcome in outcomes {
            let result = outcome.result.failure.map { "kept previous data: \($0.commandLineText)" } ?? "replaced"
            table.add(outcome.term.code.rawValue, outcome.term.name,
                      outcome.result.swap.map { "\($0.sectionsBefore) → \($0.sectionsAfter)" } ?? "",
                      outcome.result.swap.map { "\($0.enrollmentsBefore) → \($0.enrollmentsAfter)" } ?? "",
                      String(outcome.pagesFetched), String(outcome.pagesChanged), result)
        }
        print(table.render(on: terminal))
        let warnings = outcomes.flatMap(\.warnings)
        if !warnings.isEmpty {
            printError("\(warnings.count) warning(s); the first ones:")
            for warning in warnings.prefix(10) { printError("  \(warning)") }
        }
    }
}
