import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// `campus reparse`: rebuild terms from kept raw pages, without fetching.
struct ReparseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reparse",
        abstract: "Rebuild the index from the raw pages it kept (after a parser or definition change), without fetching.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var writer: WriterOptions
    @Option(name: .long, help: ArgumentHelp("One term to rebuild: a code (202630), a name (\"spring 2026\"), current, next or previous; every term with kept pages when left out (or all).", valueName: "term"))
    var term: String?

    func validate() throws {
        if let term, term.lowercased() != "all", !TermChoice.hasTermForm(term) {
            throw ValidationError("'\(term)' is not a term: give a code (--term 202630), a season and year (--term \"spring 2026\"), current, next, previous, or all.")
        }
    }

    /// The one term asked for; `nil`: every term with kept pages.
    private var onlyTerm: String? {
        term?.lowercased() == "all" ? nil : term
    }

    @Flag(help: "Accept a term whose section or enrollment count falls by more than half.")
    var force = false

    func run() async throws {
        let outcomes = try global.run(writing: writer) { door throws(CampusError) in
            try door.reparse(term: onlyTerm, force: force, as: .operator(), now: Date())
        }
        guard !outcomes.isEmpty else { throw CommandFailure("the index kept no raw pages to reparse; run `campus sync registrar` first.") }
        if global.json {
            print(try AnswerJSON.text(outcomes.map(TermReparseShape.init)))
            if outcomes.contains(where: { $0.result.failure != nil }) { throw ExitCode(1) }
            return
        }
        var table = TextTable("TERM", "PAGES", "SECTIONS", "RESULT")
        for outcome in outcomes {
            table.add(outcome.term.code.rawValue, String(outcome.pages),
                      outcome.result.swap.map { "\($0.sectionsBefore) → \($0.sectionsAfter)" } ?? "",
                      outcome.result.failure.map { "kept previous data: \($0.commandLineText)" } ?? "replaced")
        }
        print(table.render(on: .standardOutput))
        if outcomes.contains(where: { $0.result.failure != nil }) { throw ExitCode(1) }
    }
}
