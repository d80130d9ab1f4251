import ArgumentParser
import CampusCore
import CampusLookup
import Foundation

/// Options every lookup command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The index file (default: $CAMPUS_INDEX, then $XDG_DATA_HOME/campus/index.sqlite).", valueName: "path"))
    var index: String?

    @Option(name: .long, help: ArgumentHelp("Ask this campus server, as the person logged in to it (default: $CAMPUS_SERVER, then the server of campus login; --index asks a local index instead).", valueName: "url"))
    var server: String?

    @Flag(name: .customLong("no-cache"), help: "With a campus server: when it cannot be reached, fail rather than answer from what it answered before; and keep no answers.")
    var noCache = false

    @Flag(name: .long, help: "Print JSON (the shapes are in docs/json-shapes.md); a failure prints an RFC 9457 problem document.")
    var json = false

    func validate() throws {
        if let index, index.allSatisfy(\.isWhitespace) {
            throw ValidationError("--index needs the index file's path; leave it out for the default ($CAMPUS_INDEX, then $XDG_DATA_HOME/campus/index.sqlite).")
        }
    }

    /// Where lookups are answered: a local index when one is named (`--index`, `CAMPUS_INDEX`),
    /// else the campus server named (`--server`, `CAMPUS_SERVER`) or logged in to, else the
    /// default index.
    func source() throws(CommandFailure) -> LookupSource {
        let environment = ProcessInfo.processInfo.environment
        if index != nil || environment["CAMPUS_INDEX"].map({ !$0.isEmpty }) == true { return .index(try door()) }
        let named = server ?? environment["CAMPUS_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
        let lookups = try running(json: json) { () throws(CampusError) -> ServerLookups? in
            let notice = OfflineNotice()
            return try ServerLookups.loggedIn(to: named, paths: CampusPaths(), usesKept: !noCache, whenOffline: notice.tell)
        }
        if let lookups { return .server(lookups) }
        return .index(try door())
    }

    /// A lookup answered where ``source()`` says: `local` through the door of the local index
    /// as its operator, `remote` at the campus server; a failure rendered for this command.
    func lookUp<T>(
        at given: LookupSource? = nil, local: (CampusService, Date) async throws(CampusError) -> T,
        remote: (ServerLookups) async throws(CampusError) -> T
    ) async throws(CommandFailure) -> T {
        let answering: LookupSource
        if let given { answering = given } else { answering = try source() }
        switch answering {
        case .index(let door): return try await running(json: json) { () async throws(CampusError) in try await local(door, try now(door)) }
        case .server(let lookups): return try await running(json: json) { () async throws(CampusError) in try await remote(lookups) }
        }
    }

    /// The present moment of a lookup: now, or the moment `CAMPUS_CLOCK` names on the campus
    /// clock (`2026-03-30T10:05`: demos and trials on a term gone by, as `server.clock`).
    func now(_ door: CampusService) throws(CampusError) -> Date {
        guard let text = ProcessInfo.processInfo.environment["CAMPUS_CLOCK"], !text.isEmpty else { return Date() }
        return try door.campusMoment(text)
    }

    /// The configured campus: configuration file, index location, shipped resources;
    /// `writing` for the commands that write the index.
    /// Files of the campus that others may read are reported on standard error.
    func campus(writing: WriterOptions? = nil) throws(CommandFailure) -> CampusContext {
        let campus = try running(json: json) { () throws(CampusError) in
            try CampusContext(indexOption: index, whenIndexBusy: writing?.whenBusy ?? .wait(notice: { _ in }))
        }
        for warning in campus.exposedFiles() { printError("warning: \(warning)") }
        return campus
    }

    /// The door to the configured campus, which every command's use case goes through as the
    /// operator of this machine (``Caller/operator(named:)``).
    func door(writing: WriterOptions? = nil) throws(CommandFailure) -> CampusService {
        if let server {
            throw CommandFailure("this command works on a local index, not on the campus server \(VisibleText.escaped(server)): "
                + "leave out --server (and give --index PATH for another index)")
        }
        return CampusService(operating: try campus(writing: writing))
    }

    /// Runs a use case through the door, a failure rendered for this command (a problem document with `--json`).
    func run<T>(writing: WriterOptions? = nil, _ body: (CampusService) throws(CampusError) -> T) throws(CommandFailure) -> T {
        let door = try door(writing: writing)
        return try running(json: json) { () throws(CampusError) in try body(door) }
    }

    /// Runs an async use case through the door, a failure rendered for this command.
    func run<T>(
        writing: WriterOptions? = nil, _ body: (CampusService) async throws(CampusError) -> T
    ) async throws(CommandFailure) -> T {
        let door = try door(writing: writing)
        return try await running(json: json) { () async throws(CampusError) in try await body(door) }
    }
}

/// `--no-wait` for the commands that write the index (one writer at a time).
struct WriterOptions: ParsableArguments {
    @Flag(name: .customLong("no-wait"),
          help: "If another campus process is writing the index, stop at once instead of waiting for it.")
    var noWait = false

    /// Waiting says so on standard error, once.
    var whenBusy: WhenIndexBusy {
        noWait ? .refuse : .wait(notice: { printError($0) })
    }
}

/// `--csv` for commands whose answer is a table.
struct TableFormatOptions: ParsableArguments {
    @Flag(name: .long, help: "Print CSV (RFC 4180, a header row first).")
    var csv = false

    /// One answer, one format: `--csv` with `--json` is a usage error rather than one of them chosen quietly.
    func refuseBoth(json: Bool) throws {
        if csv && json { throw ValidationError("--json and --csv cannot be combined: choose one.") }
    }

    /// Prints `rows` under `headers`: as CSV with `--csv`, else as a table for the terminal,
    /// or `empty` when there are none.
    func print(headers: [String], rows: [[String]], empty: String) {
        if csv {
            var writer = CSVWriter(header: headers)
            for row in rows { writer.append(row) }
            Swift.print(writer.text, terminator: "")
            return
        }
        guard !rows.isEmpty else {
            Swift.print(empty)
            return
        }
        var table = TextTable(headers: headers)
        for row in rows { table.add(row: row) }
        Swift.print(table.render(on: Terminal.standardOutput))
    }
}

/// `--term` as every term-aware command takes it; read by the use case, with the
/// registrar's term scheme the index keeps (a term that is no term is a usage error, exit 2).
struct TermOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A term: a code (202630), a name (\"spring 2026\", \"Spring 2025-2026\"), or current, next, previous (default: the current term the index holds, else the newest).", valueName: "term"))
    var term: String?

    func validate() throws {
        if let term, !TermChoice.hasTermForm(term) {
            throw ValidationError(
                "'\(term)' is not a term: give a code (--term 202630), a season and year (--term \"spring 2026\", "
                    + "--term \"Spring 2025-2026\"), or current, next, previous.")
        }
    }
}

/// Where a lookup command's answer comes from.
enum LookupSource {
    /// A local index, read as its operator.
    case index(CampusService)
    /// The campus server, with the rights of the person logged in to it.
    case server(ServerLookups)
}
