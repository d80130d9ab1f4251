/// The Markdown report of `campus-bench overlay`: notes, then one table row per goal.
struct OverlayBenchmarkReport {
    private var notes: [String] = []
    private var rows: [String] = []

    mutating func note(_ line: String) { notes.append(line) }

    /// A row for a measure whose goal is to stay under `goal` seconds: met when p99 is under it,
    /// met at the median when only the median is, else missed.
    mutating func add(_ measure: String, goal: Double, _ samples: DirectorySamples) {
        let verdict = samples.p99 < goal ? "met" : samples.median < goal ? "met at the median (p99 over)" : "missed"
        rows.append("| \(measure) | under \(Stopwatch.format(goal)) | p50 \(Stopwatch.format(samples.median)),"
            + " p99 \(Stopwatch.format(samples.p99)), max \(Stopwatch.format(samples.runs.max() ?? 0)) | \(verdict) |")
    }

    var markdown: String {
        (notes.map { "- " + $0 } + ["", "| measure | goal | measured | verdict |", "|---|---|---|---|"] + rows)
            .joined(separator: "\n")
    }
}
