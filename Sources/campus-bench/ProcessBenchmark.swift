import Foundation

/// A failure of the benchmark itself, explained.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs the `campus` executable as a person would, and times it.
struct ProcessBenchmark {
    struct SearchResult {
        let runs: Int
        let median: Double
        let p90: Double
    }

    let campus: String
    let index: String

    /// Fills the index from the saved pages (untimed set-up).
    func sync(source: String, term: String) throws {
        try run(["sync", "registrar", "--source", source, "--term", term])
    }

    /// `campus reparse` of the full term, as one process.
    func reparse() throws -> Double {
        try Stopwatch.time { try run(["reparse"]) }.seconds
    }

    /// `campus search QUERY` as whole processes: start-up, index open, query, output.
    func search(queries: [String]) throws -> SearchResult {
        var samples: [Double] = []
        for query in queries {
            samples.append(try Stopwatch.time { try run(["search", query], allowNoMatch: true) }.seconds)
        }
        samples.sort()
        return SearchResult(runs: samples.count, median: Stopwatch.quantile(samples, 0.5), p90: Stopwatch.quantile(samples, 0.9))
    }

    private func run(_ arguments: [String], allowNoMatch: Bool = false) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: campus)
        process.arguments = arguments + ["--index", index]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        guard status == 0 || (allowNoMatch && status == 1) else {
            throw BenchmarkFailure("`campus \(arguments.joined(separator: " "))` exited \(status)")
        }
    }
}
