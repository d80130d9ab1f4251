/// The timings of one measure, in seconds: in the order taken, and the quantiles the report quotes.
struct DirectorySamples {
    /// The timings in the order they were taken.
    let runs: [Double]
    private let sorted: [Double]

    init(_ runs: [Double]) {
        self.runs = runs
        sorted = runs.sorted()
    }

    var count: Int { runs.count }
    var median: Double { Stopwatch.quantile(sorted, 0.5) }
    var p90: Double { Stopwatch.quantile(sorted, 0.9) }
    var p99: Double { Stopwatch.quantile(sorted, 0.99) }

    /// Every run, formatted, in order: `1.92 s, 1.87 s, 2.01 s`.
    var listed: String { runs.map(Stopwatch.format).joined(separator: ", ") }
}
