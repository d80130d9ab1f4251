import Foundation

/// The figures of one benchmark run, printed as the Markdown BENCHMARKS.md quotes.
struct BenchmarkReport {
    let students: Int
    let sections: Int
    var notes: [String] = []
    var reading: PageReadingBenchmark.Result?
    var reparse: Double?
    var search: SearchBenchmark.Result?
    var searchProcess: ProcessBenchmark.SearchResult?

    init(students: Int, sections: Int) {
        self.students = students
        self.sections = sections
    }

    mutating func note(_ line: String) { notes.append(line) }

    var markdown: String {
        var lines = ["### Generated campus: \(students) students, \(sections) sections per term", ""]
        lines += notes.map { "- \($0)" }
        lines += ["", "| measure | goal | measured | verdict |", "|---|---|---|---|"]
        if let reading {
            let ours = Double(reading.pages) / reading.ours
            let theirs = Double(reading.pages) / reading.xmllint
            lines.append("| page reading, \(reading.pages) pages (\(reading.bytes / 1_048_576) MiB) | within 1.5x of `xmllint --html --noout` | "
                + String(format: "%.0f pages/s (%@) vs xmllint %.0f pages/s (%@): %.2fx", ours, Stopwatch.format(reading.ours),
                         theirs, Stopwatch.format(reading.xmllint), reading.ratio)
                + " | \(reading.ratio <= 1.5 ? "met" : "missed") |")
        }
        if let reparse {
            lines.append("| `campus reparse` of the full term | under 10 s | \(Stopwatch.format(reparse)) | \(reparse < 10 ? "met" : "missed") |")
        }
        if let search {
            lines.append("| search in-process, \(search.queries) queries | p99 under 1 ms | p50 \(Stopwatch.format(search.p50)), "
                + "p99 \(Stopwatch.format(search.p99)), max \(Stopwatch.format(search.max)) | \(search.p99 < 0.001 ? "met" : "missed") |")
        }
        if let searchProcess {
            lines.append("| `campus search` as a whole process, \(searchProcess.runs) runs | median under 50 ms | median "
                + "\(Stopwatch.format(searchProcess.median)), p90 \(Stopwatch.format(searchProcess.p90)) | "
                + "\(searchProcess.median < 0.05 ? "met" : "missed") |")
        }
        if let search {
            lines += ["", "Search in-process by query kind:", "", "| kind | p50 | p99 |", "|---|---|---|"]
            lines += search.byKind.map { "| \($0.kind) | \(Stopwatch.format($0.p50)) | \(Stopwatch.format($0.p99)) |" }
        }
        return lines.joined(separator: "\n")
    }
}
