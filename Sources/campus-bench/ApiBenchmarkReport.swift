import Foundation

/// The API benchmark's Markdown: each endpoint's rate against the hello-world route's,
/// latency, errors and memory, each goal met or missed.
struct ApiBenchmarkReport {
    let notes: [String]
    let runs: [WrkRun]
    let login: WrkRun
    /// The web app's pages under the same load as the API.
    let pages: [WrkRun]
    /// The same pages one request at a time: their latency is the server's render time.
    let renders: [WrkRun]
    let seconds: Int
    let connections: Int

    var markdown: String {
        var lines = notes.map { "- " + $0 }
        let hello = runs.filter { $0.name.hasPrefix("hello") }.map(\.requestsPerSecond).max() ?? 1
        lines.append("")
        lines.append("wrk, \(connections) connections, \(seconds) s per endpoint; ratio against the better of the two hello-world runs (\(String(format: "%.0f", hello)) req/s).")
        lines.append("")
        lines.append("| endpoint | req/s | of hello | p50 | p99 | errors | RSS after | goal |")
        lines.append("|---|---|---|---|---|---|---|---|")
        let goals: [String: Double] = ["people": 0.5, "people again": 0.5, "schedule": 0.5, "search": 0.25]
        for run in runs {
            let ratio = run.requestsPerSecond / hello
            let p99 = WrkRun.milliseconds(run.p99) ?? .infinity
            var goal = "—"
            if let share = goals[run.name] {
                let met = ratio >= share && p99 < 20 && run.errors == 0
                goal = "\(met ? "met" : "missed") (≥ \(Int(share * 100))%, p99 < 20 ms, no error)"
            } else if run.name == "overlay" {
                goal = "\(p99 < 20 && run.errors == 0 ? "met" : "missed") (p99 < 20 ms, no error)"
            }
            lines.append("| \(run.name) | \(String(format: "%.0f", run.requestsPerSecond)) | \(String(format: "%.0f%%", ratio * 100)) | \(run.p50) | \(run.p99) | \(run.errors) | \(String(format: "%.0f MiB", run.residentMiB)) | \(goal) |")
        }
        let loginMet = login.requestsPerSecond >= 100 && login.errors == 0
        lines.append("| log-in (8 connections, slapd) | \(String(format: "%.0f", login.requestsPerSecond)) | | \(login.p50) | \(login.p99) | \(login.errors) | \(String(format: "%.0f MiB", login.residentMiB)) | \(loginMet ? "met" : "missed") (≥ 100/s, no error) |")
        let memory = runs.map(\.residentMiB) + [login.residentMiB]
        // Warm caches (SQLite's pages, one cache a reading connection) grow memory on the first
        // runs; growing is memory still rising when the same load comes again.
        let first = runs.first { $0.name == "people" }?.residentMiB ?? 0
        let beforeAgain = runs.dropLast().last?.residentMiB ?? 0
        let again = runs.first { $0.name == "people again" }?.residentMiB ?? 0
        let growing = again > beforeAgain * 1.05
        lines.append("")
        lines.append("Resident memory after each run: " + memory.map { String(format: "%.0f", $0) }.joined(separator: ", ")
            + String(format: " MiB (people first %.0f, again %.0f)", first, again)
            + "; goal under 250 MiB and not growing when the same load comes again: \((memory.max() ?? 0) < 250 && !growing ? "met" : "missed").")
        lines.append("")
        lines.append("The web app's pages (as the same registrar, by the session cookie): under the same load, and one request at a time, whose latency is the server's render and a loopback round trip.")
        lines.append("")
        lines.append("| page | req/s (\(connections) conn.) | of hello | p99 | errors | RSS after | one at a time: p50 | p99 | goal |")
        lines.append("|---|---|---|---|---|---|---|---|---|")
        for (run, render) in zip(pages, renders) {
            let p99 = WrkRun.milliseconds(render.p99) ?? .infinity
            let met = p99 < 5 && run.errors == 0 && render.errors == 0
            lines.append("| \(run.name.dropFirst("page: ".count)) | \(String(format: "%.0f", run.requestsPerSecond)) | \(String(format: "%.0f%%", run.requestsPerSecond / hello * 100)) | \(run.p99) | \(run.errors + render.errors) | \(String(format: "%.0f MiB", run.residentMiB)) | \(render.p50) | \(render.p99) | \(met ? "met" : "missed") (render p99 < 5 ms, no error) |")
        }
        return lines.joined(separator: "\n")
    }
}
