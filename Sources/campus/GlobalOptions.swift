import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// Options every lookup command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The index file (default: $CAMPUS_INDEX, then $XDG_DATA_HOME/campus/index.sqlite).", valueName: "path"))
    var index: String?

    @Flag(name: .long, help: "Print JSON (the shapes are documented in the README).")
    var json = false

    /// Opens the configured campus: configuration file, index location, shipped resources.
    func campus() throws -> CampusContext {
        do {
            return try CampusContext(indexOption: index)
        } catch {
            throw CommandFailure(error)
        }
    }
}

/// `--csv` for commands whose answer is a table.
struct TableFormatOptions: ParsableArguments {
    @Flag(name: .long, help: "Print CSV (RFC 4180, a header row first).")
    var csv = false
}

/// `--term` as every term-aware command takes it.
struct TermOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A term: a code (202630), a name (\"spring 2026\", \"Spring 2025-2026\"), or current, next, previous (default: the current term the index holds, else the newest).", valueName: "term"))
    var term: String?

    func validate() throws {
        _ = try choice()
    }

    /// The parsed choice; a usage error (exit 2) when it is not a term.
    ///
    /// Names are read with the configured registrar's term scheme, loaded only when the text is not a code.
    func choice() throws -> TermChoice? {
        guard let term else { return nil }
        if let choice = TermChoice(term) { return choice }
        guard let choice = TermChoice(term, scheme: try CampusContext().definition.termScheme) else {
            throw ValidationError(
                "'\(term)' is not a term: give a code (--term 202630), a season and year (--term \"spring 2026\", "
                    + "--term \"Spring 2025-2026\"), or current, next, previous.")
        }
        return choice
    }
}
