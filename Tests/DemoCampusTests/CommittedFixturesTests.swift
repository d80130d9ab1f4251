import DemoCampus
import Foundation
import Testing

/// `fixtures/demo-campus/` is exactly what `campus-fixtures demo` writes today.
@Suite struct CommittedFixturesTests {
    static let committed = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/demo-campus")

    @Test func regeneratingTheDemoGivesTheCommittedPagesByteForByte() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("demo-campus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let written = try SavedPagesWriter(directory: output).write(CampusGenerator.generate(.demo), selection: .demo)

        let fresh = try Self.files(under: output)
        let committed = try Self.files(under: Self.committed)
        #expect(fresh.count == written)
        #expect(fresh.keys.sorted() == committed.keys.sorted(),
                "regenerate with: swift run campus-fixtures demo --output fixtures/demo-campus")
        let changed = fresh.keys.sorted().filter { fresh[$0] != committed[$0] }
        #expect(changed.isEmpty, "pages differ from fixtures/demo-campus: \(changed.prefix(5))")
    }

    @Test func theCommittedDemoStaysSmall() throws {
        let total = try Self.files(under: Self.committed).values.map(\.count).reduce(0, +)
        #expect(total > 1_000_000 && total < 15_000_000, "fixtures/demo-campus holds \(total) bytes")
    }

    /// Every regular file below `root`, by relative path.
    static func files(under root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let prefix = root.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return files
        }
        for case let url as URL in walker where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            let path = url.standardizedFileURL.path
            files[path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path] = try Data(contentsOf: url)
        }
        return files
    }
}
