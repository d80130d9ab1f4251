import Foundation

/// The figures of one benchmark run, printed as the Markdown BENCHMARKS.md quotes.
struct BenchmarkReport {
    let students: Int
    let sections: Int
    var notes: [String] = []
    var reading: PageReadingBenchmark.Result?
    var reparse: Double?
    /// The same pages crawled again, logging changes.
    var recrawl: Double?
    var search: SearchBenchmark.Result?
    var searchProcess: ProcessBenchmark.SearchResult?
    /// Whole `campus search` processes of queries that match nothing.
    var missProcess: ProcessBenchmark.SearchResult?
    /// GRDB's read transaction against our own.
    var readTransaction: ReadTransactionBenchmark.Result?

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
        if let recrawl, let reparse {
            let ratio = recrawl / reparse
            lines.append("| `campus sync registrar --source` of the same pages again (reads the term before and after, to log changes) "
                + "| within 1.5x of `campus reparse` | \(Stopwatch.format(recrawl)) against \(Stopwatch.format(reparse)): "
                + String(format: "%.2fx", ratio) + " | \(ratio <= 1.5 ? "met" : "missed") |")
        }
        if let search {
            let met = search.p50 <= 0.000_060 && search.p99 <= 0.000_250
            lines.append("| search in-process, \(search.queries) queries | p50 ≤ 60 µs, p99 ≤ 250 µs | p50 \(Stopwatch.format(search.p50)), "
                + "p99 \(Stopwatch.format(search.p99)), max \(Stopwatch.format(search.max)); FTS5 MATCH through the C API: p50 "
                + "\(Stopwatch.format(search.referenceP50)), p99 \(Stopwatch.format(search.referenceP99)) "
                + String(format: "(%.1fx, %.1fx)", search.p50 / search.referenceP50, search.p99 / search.referenceP99)
                + " | \(met ? "met" : "missed") |")
        }
        if let searchProcess {
            lines.append("| `campus search` as a whole process, \(searchProcess.runs) runs | within 2.5x of a Foundation hello-world | median "
                + "\(Stopwatch.format(searchProcess.median)), p90 \(Stopwatch.format(searchProcess.p90)); hello-world median "
                + "\(Stopwatch.format(searchProcess.helloMedian)), p90 \(Stopwatch.format(searchProcess.helloP90)): "
                + String(format: "%.2fx", searchProcess.ratio) + " | \(searchProcess.ratio <= 2.5 ? "met" : "missed") |")
        }
        if let search {
            let met = search.missP99 <= 0.002
            lines.append("| search that matches nothing in-process (did you mean), \(search.misses) queries | p99 under 2 ms | p50 "
                + "\(Stopwatch.format(search.missP50)), p99 \(Stopwatch.format(search.missP99)) | \(met ? "met" : "missed") |")
        }
        if let missProcess, let searchProcess {
            let ratio = missProcess.median / searchProcess.median
            lines.append("| `campus search` matching nothing as a whole process, \(missProcess.runs) runs | within 1.5x of one that matches | median "
                + "\(Stopwatch.format(missProcess.median)), p90 \(Stopwatch.format(missProcess.p90)) against "
                + "\(Stopwatch.format(searchProcess.median)): " + String(format: "%.2fx", ratio) + " | \(ratio <= 1.5 ? "met" : "missed") |")
        }
        if let read = readTransaction {
            lines.append("| a read transaction around a one-row lookup, \(read.reads) of each | GRDB's `DatabasePool.read` unless ours saves a "
                + "measurable share of a lookup | GRDB p50 \(Stopwatch.format(read.grdbP50)), p99 \(Stopwatch.format(read.grdbP99)); our "
                + "`BEGIN`/`COMMIT` p50 \(Stopwatch.format(read.ownP50)), p99 \(Stopwatch.format(read.ownP99)): GRDB adds "
                + "\(Stopwatch.format(read.extra)) a read | (see BENCHMARKS.md) |")
        }
        if let search {
            lines += ["", "Search in-process by query kind:", "", "| kind | p50 | p99 |", "|---|---|---|"]
            lines += search.byKind.map { "| \($0.kind) | \(Stopwatch.format($0.p50)) | \(Stopwatch.format($0.p99)) |" }
        }
        return lines.joined(separator: "\n")
    }
}
