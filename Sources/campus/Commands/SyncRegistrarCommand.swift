import ArgumentParser
import CampusCore
import CampusLookup
import Foundation
import Registrar

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

    @Option(help: ArgumentHelp("The registrar's base URL (https://host) or a folder of saved pages.", valueName: "url-or-dir"))
    var source: String?

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp("A term code, current, next, previous or all; repeat for several (default: current and next).", valueName: "term"))
    var term: [String] = []

    @Flag(help: "Accept a term whose section count falls by more than half.")
    var force = false

    func validate() throws {
        for value in term where value.lowercased() != "all" && TermChoice(value) == nil {
            throw ValidationError("'\(value)' is not a term: give a code such as 202630, or current, next, previous, all.")
        }
    }

    func run() async throws {
        let campus = try global.campus()
        let terms: SyncTerms = term.isEmpty ? .defaults
            : term.contains { $0.lowercased() == "all" } ? .all : .chosen(term.compactMap(TermChoice.init))
        let outcomes: [TermSyncOutcome]
        do {
            let location = try campus.registrarLocation(sourceOption: source)
            if !global.json { printError("Crawling \(location) into \(campus.indexURL.path)") }
            outcomes = try await campus.syncRegistrar(from: location, terms: terms, force: force,
                                                      progress: TerminalProgressBar(), now: Date())
        } catch {
            throw CommandFailure(error)
        }
        if global.json {
            print(try JSONOutput.render(outcomes.map(SyncOutcomeView.init)))
        } else {
            printSummary(outcomes)
        }
        if outcomes.contains(where: { $0.failure != nil }) { throw ExitCode(1) }
    }

    private func printSummary(_ outcomes: [TermSyncOutcome]) {
        let terminal = Terminal.standardOutput
        var table = TextTable("TERM", "NAME", "SECTIONS", "ENROLMENTS", "PAGES", "CHANGED", "RESULT")
        for outcome in outcomes {
            let result = outcome.failure.map { "kept previous data: \($0)" } ?? "replaced"
            table.add(outcome.term.code.rawValue, outcome.term.name,
                      outcome.swap.map { "\($0.sectionsBefore) → \($0.sectionsAfter)" } ?? "",
                      outcome.swap.map { "\($0.enrollmentsBefore) → \($0.enrollmentsAfter)" } ?? "",
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

/// `{"term": {...}, "replaced": true, "failure": null, "sectionsBefore": 0, "sectionsAfter": 140, ...}`.
struct SyncOutcomeView: Encodable {
    let term: TermView
    let replaced: Bool
    let failure: String?
    let sectionsBefore: Int?
    let sectionsAfter: Int?
    let enrollmentsBefore: Int?
    let enrollmentsAfter: Int?
    let pagesFetched: Int
    let pagesChanged: Int
    let warnings: [String]

    init(_ outcome: TermSyncOutcome) {
        term = TermView(outcome.term)
        replaced = outcome.swap != nil
        failure = outcome.failure
        sectionsBefore = outcome.swap?.sectionsBefore
        sectionsAfter = outcome.swap?.sectionsAfter
        enrollmentsBefore = outcome.swap?.enrollmentsBefore
        enrollmentsAfter = outcome.swap?.enrollmentsAfter
        pagesFetched = outcome.pagesFetched
        pagesChanged = outcome.pagesChanged
        warnings = outcome.warnings.map(\.description)
    }
}
