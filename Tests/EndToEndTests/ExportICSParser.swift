import Foundation
import Testing

/// The independent reader of `.ics` files: `scripts/ics-occurrences.py` (the PyPI
/// `icalendar` package and `dateutil.rrule`) in the virtual environment `scripts/test` makes.
enum ICSParser {
    static let python = CampusRunner.packageRoot.appendingPathComponent(".build/pyenv/bin/python")
    static let script = CampusRunner.packageRoot.appendingPathComponent("scripts/ics-occurrences.py")

    /// Occurrences per UID, RRULEs expanded and EXDATEs removed.
    static func occurrences(of ics: String, in folder: URL) throws -> [String: Int] {
        try #require(FileManager.default.isExecutableFile(atPath: python.path),
                     "run scripts/test once: it installs the icalendar parser into .build/pyenv")
        let file = folder.appendingPathComponent("schedule-\(UUID().uuidString).ics")
        try Data(ics.utf8).write(to: file)
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, file.path]
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the icalendar parser refused the file: \(message)")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Int])
    }
}
