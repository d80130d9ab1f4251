import Foundation
import Registrar
import Testing

/// A broken definition file fails with a message naming the file, the key and the problem.
@Suite struct DefinitionErrorTests {
    /// Writes the real definition, changed by `edit`, to a temporary file and loads it.
    private func load(editing edit: (String) -> String) throws -> (Result<RegistrarDefinition, DefinitionError>, String) {
        let original = try String(contentsOf: RegistrarTestFiles.roseHulman, encoding: .utf8)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("campus-definition-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("broken.yaml")
        try edit(original).write(to: file, atomically: true, encoding: .utf8)
        let result = Result { () throws(DefinitionError) in try RegistrarDefinition.load(contentsOf: file) }
        return (result, file.path)
    }

    private func removingLine(startingWith prefix: String) -> (String) -> String {
        { text in text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(prefix) }.joined(separator: "\n") }
    }

    @Test func missingTopLevelKey() throws {
        let (result, file) = try load(editing: removingLine(startingWith: "timeZone:"))
        #expect(throws: DefinitionError.missingKey(file: file, key: "timeZone")) { try result.get() }
        if case .failure(let error) = result {
            #expect(error.description.contains(file) && error.description.contains("'timeZone'"))
        }
    }

    @Test func missingNestedKey() throws {
        let (result, file) = try load(editing: removingLine(startingWith: "  rosterCSV:  {"))
        #expect(throws: DefinitionError.missingKey(file: file, key: "http.rosterCSV")) { try result.get() }
    }

    @Test func badYAMLNamesTheFile() throws {
        let (result, file) = try load(editing: { $0.replacingOccurrences(of: "subjects: [BE,", with: "subjects: [BE: {,") })
        do {
            _ = try result.get()
            Issue.record("a broken file loaded")
        } catch {
            guard case .invalidYAML(let named, let detail) = error else {
                Issue.record("expected invalidYAML, got \(error)")
                return
            }
            #expect(named == file)
            #expect(!detail.isEmpty)
            #expect(error.description.contains(file))
        }
    }

    @Test func wrongTypeNamesTheKey() throws {
        let (result, file) = try load(editing: { $0.replacingOccurrences(of: "defaultMinutes: 50", with: "defaultMinutes: fifty") })
        #expect(throws: DefinitionError.invalidValue(file: file, key: "meetings.defaultMinutes", problem: "expected a whole number")) {
            try result.get()
        }
    }

    @Test func unusableValuesNameTheKey() throws {
        let (zone, zoneFile) = try load(editing: { $0.replacingOccurrences(of: "America/Indiana/Indianapolis", with: "Mars/Olympus_Mons") })
        #expect(throws: DefinitionError.self) { try zone.get() }
        if case .failure(.invalidValue(let file, let key, let problem)) = zone {
            #expect(file == zoneFile && key == "timeZone" && problem.contains("Mars/Olympus_Mons"))
        } else {
            Issue.record("expected invalidValue for timeZone, got \(zone)")
        }
        let (placeholder, _) = try load(editing: { $0.replacingOccurrences(of: "\"{term}/Course-{id}.html\"", with: "\"{term}/Course-{name}.html\"") })
        if case .failure(.invalidValue(_, let key, let problem)) = placeholder {
            #expect(key == "savedPages.course" && problem.contains("{name}"))
        } else {
            Issue.record("expected invalidValue for savedPages.course, got \(placeholder)")
        }
        let (xpath, _) = try load(editing: { $0.replacingOccurrences(of: "td[@class='bw80'][1]", with: "td[@class='bw80'") })
        if case .failure(.invalidValue(_, let key, let problem)) = xpath {
            #expect(key == "locators.header" && problem.contains("not valid XPath"))
        } else {
            Issue.record("expected invalidValue for locators.header, got \(xpath)")
        }
        let (kind, _) = try load(editing: { $0.replacingOccurrences(of: "kind: roomSchedule", with: "kind: roomTimetable") })
        if case .failure(.invalidValue(_, let key, _)) = kind {
            #expect(key == "recognition.kinds[5].kind")
        } else {
            Issue.record("expected invalidValue for a kind, got \(kind)")
        }
    }

    @Test func unreadableFile() {
        let missing = URL(fileURLWithPath: "/nonexistent/campus/definition.yaml")
        #expect(throws: DefinitionError.self) { try RegistrarDefinition.load(contentsOf: missing) }
        do {
            _ = try RegistrarDefinition.load(contentsOf: missing)
        } catch {
            guard case .unreadable(let file, _) = error else {
                Issue.record("expected unreadable, got \(error)")
                return
            }
            #expect(file == missing.path)
        }
    }
}
