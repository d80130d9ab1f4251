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
        /// The hello-world reference's median and p90 over as many runs, alternating with the searches.
        let helloMedian: Double
        let helloP90: Double
        var ratio: Double { median / helloMedian }
    }

    let campus: String
    let index: String

    /// Fills the index from the saved pages (untimed set-up).
    func sync(source: String, term: String) throws {
        try run(["sync", "registrar", "--source", source, "--term", term])
    }

    /// `campus sync registrar` of the same pages again, as one process: the crawl of a term already
    /// indexed, which reads the term before and after writing it to log what changed (nothing here).
    func recrawl(source: String, term: String) throws -> Double {
        try Stopwatch.time { try run(["sync", "registrar", "--source", source, "--term", term]) }.seconds
    }

    /// `campus reparse` of the full term, as one process.
    func reparse() throws -> Double {
        try Stopwatch.time { try run(["reparse"]) }.seconds
    }

    /// Reads a directory LDIF into the index (untimed set-up).
    func syncDirectory(ldif: String) throws {
        try run(["sync", "directory", "--ldif", ldif, "--force"])
    }

    /// `campus search QUERY` as whole processes (start-up, index open, query, output),
    /// alternating with runs of the hello-world at `hello`.
    func search(queries: [String], hello: String) throws -> SearchResult {
        var samples: [Double] = []
        var hellos: [Double] = []
        for query in queries {
            samples.append(try Stopwatch.time { try run(["search", query], allowNoMatch: true) }.seconds)
            hellos.append(try Stopwatch.time { try run([], executable: hello) }.seconds)
        }
        samples.sort()
        hellos.sort()
        return SearchResult(runs: samples.count, median: Stopwatch.quantile(samples, 0.5), p90: Stopwatch.quantile(samples, 0.9),
                            helloMedian: Stopwatch.quantile(hellos, 0.5), helloP90: Stopwatch.quantile(hellos, 0.9))
    }

    private func run(_ arguments: [String], allowNoMatch: Bool = false, executable: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable ?? campus)
        process.arguments = executable == nil ? arguments + ["--index", index] : arguments
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
