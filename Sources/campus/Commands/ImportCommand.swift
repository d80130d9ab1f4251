import ArgumentParser
import CampusLookup
import Foundation

/// `campus import FILE...`: saved pages and roster CSVs into the index.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read saved registrar pages, Banner 9 answers and roster CSVs (files or folders) into the index.",
        discussion: "Each page says what it is; nothing already in the index is removed. Examples: campus import ~/Downloads/*.html roster.csv; campus import --definition thompson-rivers saved-answers/")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var writer: WriterOptions

    @Option(help: "The school definition that reads them: a name under scrapers/ (northeastern, thompson-rivers) or a path. Default: the configuration's registrar.definition, else rose-hulman.")
    var definition: String?

    @Argument(help: "Saved pages (.html), Banner 9 answers (.json), roster downloads (.csv), or folders of them.")
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one saved page, roster CSV or folder to import.") }
    }

    func run() async throws {
        let report = try global.run(writing: writer) { door throws(CampusError) in
            try door.importFiles(files, definition: definition, as: .operator(), now: Date())
        }
        if global.json {
            print(try AnswerJSON.text(ImportShape(report)))
        } else {
            var table = TextTable("FILE", "KIND", "TERM", "SECTIONS", "STUDENTS")
            for entry in report.entries {
                table.add(entry.path, entry.kind.rawValue, entry.term?.code.rawValue ?? "", String(entry.sections), String(entry.students))
            }
            if !report.entries.isEmpty { print(table.render(on: .standardOutput)) }
            for warning in report.warnings { printError("warning: \(warning)") }
        }
        for failure in report.failures { printError("campus: \(failure.path): \(failure.reason)") }
        if !report.failures.isEmpty { throw ExitCode(1) }
    }
}
