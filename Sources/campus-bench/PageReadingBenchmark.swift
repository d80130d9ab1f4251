import Foundation
import Registrar

/// Saved pages of one term.
enum PageFiles {
    static func html(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "html" }
            .sorted { $0.path < $1.path }
    }
}

/// Reading every page of a term with our reader, against libxml2's own `xmllint --html --noout`
/// on the same files in one process (both read the files from disk).
struct PageReadingBenchmark {
    struct Result {
        let pages: Int
        let bytes: Int
        let ours: Double
        let xmllint: Double
        var ratio: Double { ours / xmllint }
    }

    let files: [URL]
    let reader: PageReader

    func run() throws -> Result {
        _ = try? readAll()  // warm the page cache for both contenders
        let xmllint = try Stopwatch.time { try runXmllint() }.seconds
        let ours = try Stopwatch.time { try readAll() }
        return Result(pages: files.count, bytes: ours.value, ours: ours.seconds, xmllint: xmllint)
    }

    private func readAll() throws -> Int {
        var bytes = 0
        for file in files {
            let data = Array(try Data(contentsOf: file))
            bytes += data.count
            _ = try reader.read(data, source: file.path)
        }
        return bytes
    }

    private func runXmllint() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xmllint", "--html", "--noout"] + files.map(\.path)
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus != 127 else {
            throw BenchmarkFailure("xmllint is not installed: apt-get install libxml2-utils")
        }
    }
}
