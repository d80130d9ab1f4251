import Foundation
import Testing

/// The rule of the module map: a front end imports `CampusLookup` and `CampusCore`
/// (and its own UI libraries), never a module below them. `scripts/check-layering`
/// holds the same rule for `.ci/run`.
@Suite("Front ends stand on CampusLookup alone")
struct LayeringTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let frontEnds = ["Sources/campus", "Sources/CampusServer"]
    static let below: Set<String> = [
        "CampusIndex", "UserStatePostgres", "Registrar", "Directory", "Mail", "GRDB", "GRDBSQLite", "PostgresNIO", "CLibXML2", "CLDAP", "CZlib", "CCurl",
    ]

    @Test("no file of a front-end target imports a module below CampusLookup")
    func frontEndsImportOnlyTheDoor() throws {
        var offending: [String] = []
        var files = 0
        for target in Self.frontEnds {
            let folder = Self.packageRoot.appendingPathComponent(target)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                files += 1
                let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
                for module in Self.importedModules(text) where Self.below.contains(module) {
                    offending.append("\(target)/\(relative) imports \(module)")
                }
            }
        }
        #expect(files > 0, "the front ends' sources were not found below \(Self.packageRoot.path)")
        #expect(offending.isEmpty, "\(offending.joined(separator: "; "))")
    }

    @Test("the server never asks the door as the operator of its machine, whom every rule allows")
    func serverNeverOperates() throws {
        let folder = Self.packageRoot.appendingPathComponent("Sources/CampusServer")
        let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
        var offending: [String] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
            for form in Self.operatorForms where text.contains(form) { offending.append("\(relative) has \(form)") }
        }
        #expect(offending.isEmpty, "\(offending.joined(separator: "; "))")
        #expect(Self.operatorForms.contains { "CampusService(operating: campus)".contains($0) }, "the forms find the door made for the operator")
    }

    /// How code asks as the operator: the caller, or the door made for them.
    static let operatorForms = [".operator(", "(operating:"]

    @Test("the import reader sees every form an import takes")
    func readsImports() {
        let text = """
            import Foundation
            internal import CampusIndex
            @testable import Registrar
              public import GRDB
            // import Directory
            import struct CampusCore.Person
            """
        #expect(Self.importedModules(text) == ["Foundation", "CampusIndex", "Registrar", "GRDB", "CampusCore"])
    }

    /// The modules a Swift file imports, in order (kinds such as `import struct M.T` give `M`).
    static func importedModules(_ text: String) -> [String] {
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
        var modules: [String] = []
        for line in text.split(separator: "\n") {
            var words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal", "fileprivate", "private"].contains(first) {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            if let module = path.split(separator: ".").first { modules.append(String(module)) }
        }
        return modules
    }
}
