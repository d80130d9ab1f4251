import ArgumentParser
import CampusLookup
import Foundation

/// `campus import FILE...`: saved pages and roster CSVs into the index.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read saved registrar pages and roster CSVs (files or folders) into the index.",
        discussion: "Each page says what it is; nothing already in the index is removed. Example: campus import ~/Downloads/*.html roster.csv")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Saved pages (.html), roster downloads (.csv), or folders of them.")
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one saved page, roster CSV or folder to import.") }
    }

    func run() async throws {
        let campus = try global.campus()
        let report: ImportReport
        do {
            report = try campus.importFiles(files, now: Date())
        } catch {
            throw CommandFailure(error)
        }
        if global.json {
            print(try JSONOutput.render(ImportView(report)))
        } else {
            var table = TextTable("FILE", "KIND", "TERM", "SECTIONS", "STUDENTS")
            for entry in report.entries {
                table.add(entry.path, entry.kind.rawValue, entry.term?.code.rawValue ?? "", String(entry.sections), String(entry.students))
            }
            print(table.render(on: .standardOutput))
            for warning in report.warnings { printError("warning: \(warning)") }
        }
        for failure in report.failures { printError("campus: \(failure.path): \(failure.reason)") }
        if !report.failures.isEmpty { throw ExitCode(1) }
    }
}

/// `{"imported": [{"file", "kind", "term", "sections", "students"}], "failed": [{"file", "reason"}], "warnings": [...]}`.
struct ImportView: Encodable {
    struct Imported: Encodable {
        let file: String
        let kind: String
        let term: String?
        let sections: Int
        let students: Int
    }

    struct Failed: Encodable {
        let file: String
        let reason: String
    }

    let imported: [Imported]
    let failed: [Failed]
    let warnings: [String]

    init(_ report: ImportReport) {
        imported = report.entries.map {
            Imported(file: $0.path, kind: $0.kind.rawValue, term: $0.term?.code.rawValue, sections: $0.sections, students: $0.students)
        }
        failed = report.failures.map { Failed(file: $0.path, reason: $0.reason) }
        warnings = report.warnings.map(\.description)
    }
}
