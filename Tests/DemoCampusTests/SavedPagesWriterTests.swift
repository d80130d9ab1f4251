import CampusCore
import DemoCampus
import Foundation
import Testing

/// The writer's pages agree with the truth, and it never overwrites a folder that is not its own.
@Suite struct SavedPagesWriterTests {
    static func temporaryDirectory(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    }

    @Test func refusesToReplaceAFolderThatIsNotSavedPages() throws {
        let folder = Self.temporaryDirectory("not-pages")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: folder.appendingPathComponent("notes.txt"))

        let campus = CampusGenerator.generate(.benchmark(students: 40, sectionsPerTerm: 20, terms: 1))
        #expect {
            try SavedPagesWriter(directory: folder).write(campus, selection: .benchmark)
        } throws: { error in
            "\(error)".contains("no terms.html") && "\(error)".contains(folder.path)
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes.txt").path))
    }

    @Test func aBenchmarkCampusWritesEveryStudentPageAndRosterOfItsTerm() throws {
        let folder = Self.temporaryDirectory("bench-pages")
        defer { try? FileManager.default.removeItem(at: folder) }
        let campus = CampusGenerator.generate(.benchmark(students: 600, sectionsPerTerm: 90, terms: 1))
        let snapshot = try #require(campus.terms.first)
        #expect(snapshot.term.code == TermCode("202630"))
        try SavedPagesWriter(directory: folder).write(campus, selection: .benchmark)

        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("202630").path)
        let students = Set(snapshot.enrollments.map(\.username))
        #expect(names.filter { $0.hasPrefix("Username-") }.count == students.count)
        #expect(names.filter { $0.hasPrefix("Roster-") && $0.hasSuffix(".html") && $0.contains("-0") }.count == snapshot.sections.count)
        for section in snapshot.sections.values {
            let page = try String(contentsOf: folder.appendingPathComponent("202630/Roster-\(section.id).html"), encoding: .utf8)
            #expect(page.components(separatedBy: "type=Username&").count - 1 == section.enrolled)
        }
    }
}
