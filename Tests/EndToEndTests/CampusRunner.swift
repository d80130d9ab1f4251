import Foundation
import Testing

/// Runs the built `campus` executable in a throwaway home: its own index,
/// configuration folder and data folder, so the person's files are never touched.
struct CampusRunner {
    /// What one run printed and how it ended.
    struct Result {
        let status: Int32
        let outputData: Data
        let error: String

        /// The standard output as UTF-8 text.
        var output: String { String(decoding: outputData, as: UTF8.self) }

        /// The standard output decoded as JSON.
        func json() throws -> Any {
            try JSONSerialization.jsonObject(with: Data(output.utf8))
        }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let samples = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/registrar-samples")
    static let executable = packageRoot.appendingPathComponent(".build/debug/campus")

    let home: URL
    var environment: [String: String]

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("campus-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        environment = [
            "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "CAMPUS_INDEX": home.appendingPathComponent("index.sqlite").path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
    }

    var indexPath: String { environment["CAMPUS_INDEX"]! }

    /// Runs `campus arguments...` and waits for it.
    func run(_ arguments: String...) throws -> Result {
        try run(arguments: arguments)
    }

    /// Runs `executable` (by default `campus`) with `arguments` and waits for it.
    func run(arguments: [String], executable: URL = Self.executable) throws -> Result {
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable.path),
                "build campus first: swift build (scripts/test does)")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, outputData: outputData,
                      error: String(decoding: errorData, as: UTF8.self))
    }

    /// Imports every real registrar sample (HTML pages and the roster CSV).
    func importSamples() throws -> Result {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path)
            .filter { $0.hasSuffix(".html") || $0.hasSuffix(".csv") }
            .sorted()
            .map { Self.samples.appendingPathComponent($0).path }
        return try run(arguments: ["import"] + files)
    }

    /// The reference parser's facts about each sample page, keyed by file name.
    static func expectedPages() throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: samples.appendingPathComponent("expected.json"))
        let pages = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: pages.map { ($0["file"] as! String, $0) })
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: home)
    }
}
