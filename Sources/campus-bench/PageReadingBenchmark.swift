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
///
/// With several rounds the two contenders take turns (xmllint, ours, xmllint, ours...), so that
/// a busy spell of the machine falls on both; the figures are the rounds' medians.
struct PageReadingBenchmark {
    struct Result {
        let pages: Int
        let bytes: Int
        /// Our time and xmllint's in each round, wall clock.
        let rounds: [(ours: Double, xmllint: Double)]
        /// Our processor time and xmllint's in each round.
        let processor: [(ours: Double, xmllint: Double)]
        var ours: Double { Self.median(rounds.map(\.ours)) }
        var xmllint: Double { Self.median(rounds.map(\.xmllint)) }
        /// The median of the rounds' ratios.
        var ratio: Double { Self.median(ratios) }
        var ratios: [Double] { rounds.map { $0.ours / $0.xmllint } }
        /// The median of the rounds' ratios of processor time.
        var processorRatio: Double { Self.median(processor.map { $0.ours / $0.xmllint }) }

        static func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
    }

    let files: [URL]
    let reader: PageReader
    var rounds = 1

    func run() throws -> Result {
        _ = try? readAll()  // warm the page cache for both contenders
        var timed: [(ours: Double, xmllint: Double)] = []
        var processor: [(ours: Double, xmllint: Double)] = []
        var bytes = 0
        for _ in 0..<max(1, rounds) {
            let childrenBefore = ProcessorTime.children
            let xmllint = try Stopwatch.time { try runXmllint() }.seconds
            let xmllintProcessor = ProcessorTime.children - childrenBefore
            let threadBefore = ProcessorTime.thisThread
            let ours = try Stopwatch.time { try readAll() }
            processor.append((ProcessorTime.thisThread - threadBefore, xmllintProcessor))
            bytes = ours.value
            timed.append((ours.seconds, xmllint))
        }
        return Result(pages: files.count, bytes: bytes, rounds: timed, processor: processor)
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
