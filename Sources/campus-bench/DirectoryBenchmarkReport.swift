import Foundation

/// The figures of one directory benchmark run, printed as the Markdown BENCHMARKS.md quotes.
struct DirectoryBenchmarkReport {
    let people: Int
    /// Lines printed as a list above the table: set-up times, what was run.
    var notes: [String] = []
    var fullSync: DirectoryFullSyncBenchmark.Result?
    var incremental: DirectoryIncrementalBenchmark.Result?
    var lookup: DirectoryLookupBenchmark.Result?
    var processLookup: DirectoryProcessLookupBenchmark.Result?

    var markdown: String {
        let rows = [fullSync.map(row)].compactMap { $0 } + (incremental.map(rows) ?? [])
            + (lookup.map(rows) ?? []) + [processLookup.map(row)].compactMap { $0 }
        return (["### Generated directory: \(people) people in a local slapd", ""] + notes.map { "- \($0)" }
            + ["", "| measure | goal | measured | verdict |", "|---|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// One table row; `met` nil for a line without a goal.
    private func line(_ measure: String, goal: String, measured: String, met: Bool?) -> String {
        "| \(measure) | \(goal) | \(measured) | \(met.map { $0 ? "met" : "missed" } ?? "—") |"
    }

    private func row(_ full: DirectoryFullSyncBenchmark.Result) -> String {
        line("full sync of \(full.people) people, `campus sync directory --full` process into a fresh index, "
                + "median of \(full.sync.count)",
             goal: "within 2x of `ldapsearch -E pr=…/noprompt` to /dev/null",
             measured: "sync \(Stopwatch.format(full.sync.median)) (\(full.sync.listed)) vs ldapsearch "
                + "\(Stopwatch.format(full.ldapsearch.median)) (\(full.ldapsearch.listed)): " + String(format: "%.2fx", full.ratio),
             met: full.ratio <= 2)
    }

    private func rows(_ incremental: DirectoryIncrementalBenchmark.Result) -> [String] {
        let first = incremental.first
        var lines = [line("incremental sync after \(incremental.changed) changed, the first after the full sync",
                          goal: "under 1 s", measured: "\(Stopwatch.format(first.seconds)) (\(first.counts.summary))",
                          met: first.seconds < 1)]
        let later = incremental.laterSamples
        if later.count > 0 {
            let counts = Set(incremental.later.map(\.counts.summary)).sorted().joined(separator: "; ")
            lines.append(line("incremental sync after \(incremental.changed) changed, later syncs, median of \(later.count)",
                              goal: "under 1 s", measured: "\(Stopwatch.format(later.median)) (\(later.listed); each \(counts))",
                              met: later.median < 1))
        }
        return lines
    }

    private func rows(_ lookup: DirectoryLookupBenchmark.Result) -> [String] {
        func row(_ ldap: DirectorySamples, _ ratio: Double, how: String) -> String {
            line("person lookup in-process, \(lookup.index.count) usernames: index (`CampusContext.contact(of:)`) "
                    + "vs LDAP search \(how)",
                 goal: "index at least 20x faster",
                 measured: "index p50 \(Stopwatch.format(lookup.index.median)), p99 \(Stopwatch.format(lookup.index.p99)) "
                    + "vs LDAP p50 \(Stopwatch.format(ldap.median)), p99 \(Stopwatch.format(ldap.p99)): "
                    + String(format: "%.1fx", ratio),
                 met: ratio >= 20)
        }
        return [row(lookup.ldap, lookup.ratio, how: "on an open, bound connection"),
                row(lookup.ldapConnecting, lookup.connectingRatio, how: "on a connection opened and bound per lookup")]
    }

    private func row(_ processes: DirectoryProcessLookupBenchmark.Result) -> String {
        let ratio = processes.campus.median / processes.ldapsearch.median
        return line("`campus person USER --json` vs `ldapsearch` of one user, whole processes, \(processes.campus.count) users",
                    goal: "within 2x of `ldapsearch`",
                    measured: "campus median \(Stopwatch.format(processes.campus.median)), p90 "
                        + "\(Stopwatch.format(processes.campus.p90)) vs ldapsearch median "
                        + "\(Stopwatch.format(processes.ldapsearch.median)), p90 \(Stopwatch.format(processes.ldapsearch.p90)): "
                        + String(format: "%.2fx", ratio),
                    met: ratio <= 2)
    }
}
