import CampusLookup
import Foundation
import Testing

/// Golden files of the answers' JSON shapes, `Tests/CampusLookupTests/Golden/NAME.json`:
/// each shape, encoded as the CLI and the server encode it, must equal its file
/// byte for byte (the package's folder written as `<root>`, `../shared` beside it as
/// `<shared>`), so a shape never changes by accident; and the server's compact form of
/// each must be what Foundation's `JSONEncoder` writes, byte for byte.
///
/// To accept a deliberate change, run the tests with `CAMPUS_UPDATE_GOLDEN=1` and
/// review the diff of the files.
enum Golden {
    static let folder = TestCampus.packageRoot.appendingPathComponent("Tests/CampusLookupTests/Golden")

    static func check(_ shape: some Encodable, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let shared = TestCampus.packageRoot.deletingLastPathComponent().appendingPathComponent("shared").path
        let text = try AnswerJSON.text(shape)
            .replacingOccurrences(of: shared, with: "<shared>")
            .replacingOccurrences(of: TestCampus.packageRoot.path, with: "<root>") + "\n"
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(try AnswerJSON.compactData(shape) == Array(try foundation.encode(shape)),
                "\(name): the API's compact JSON differs from JSONEncoder's", sourceLocation: sourceLocation)
        let file = folder.appendingPathComponent(name + ".json")
        if ProcessInfo.processInfo.environment["CAMPUS_UPDATE_GOLDEN"] == "1" {
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no golden file \(file.path): run the tests once with CAMPUS_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(text == expected, "\(name).json differs from what the shape now writes", sourceLocation: sourceLocation)
    }
}
