import Foundation
import Testing

/// The `campus-fixtures` executable as a person runs it.
@Suite struct CampusFixturesCommandTests {
    static let executable = CommittedFixturesTests.committed
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/campus-fixtures")

    /// Runs the executable; returns its exit status and what it printed on both streams.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test func scaleWritesTheAskedTermsAndSays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, output) = try Self.run(
            ["scale", "--students", "120", "--sections", "30", "--terms", "2", "--output", folder.path])
        #expect(status == 0, "\(output)")
        #expect(output.contains("120 students"))
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(entries == ["202620", "202630", "terms.html"])
    }

    @Test func badArgumentsAreUsageErrorsThatSayWhatToFix() throws {
        let (status, output) = try Self.run(["scale", "--terms", "9", "--output", "/tmp/never-written"])
        #expect(status == 64)
        #expect(output.contains("--terms must be 1 to 4, got 9"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written"))
    }

    @Test func aFolderOfOtherFilesIsLeftAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("foreign-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("thesis.tex"))
        let (status, output) = try Self.run(["demo", "--output", folder.path])
        #expect(status == 1)
        #expect(output.contains("holds files but no terms.html"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("thesis.tex").path))
    }
}
