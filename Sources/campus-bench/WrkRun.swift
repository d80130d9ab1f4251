import Foundation

/// One `wrk` run against the server and what it printed: requests per second, the latency
/// distribution, and anything that went wrong (non-2xx/3xx answers, socket errors).
struct WrkRun {
    let name: String
    let requestsPerSecond: Double
    let requests: Int
    let p50: String
    let p99: String
    let non2xx: Int
    let socketErrors: Int
    /// The server's resident memory after the run, in MiB.
    var residentMiB: Double = 0

    var errors: Int { non2xx + socketErrors }

    /// Runs `wrk` with `script` (a Lua file) against `url` and reads its report.
    static func run(
        _ name: String, wrk: String, url: String, script: URL, seconds: Int, connections: Int, threads: Int, scratch: URL
    ) throws -> WrkRun {
        let output = scratch.appendingPathComponent("wrk-\(name).txt")
        try DirectoryProcess(wrk, scratch: scratch).time(
            ["-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency", "-s", script.path, url], output: output)
        return try parse(name, String(contentsOf: output, encoding: .utf8))
    }

    /// Reads wrk's report.
    static func parse(_ name: String, _ text: String) throws -> WrkRun {
        func line(_ prefix: String) -> String? {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(prefix) }
        }
        func fields(_ prefix: String) -> [String] {
            line(prefix).map { $0.split(separator: " ").map(String.init) } ?? []
        }
        guard let rate = fields("Requests/sec:").last.flatMap(Double.init) else {
            throw BenchmarkFailure("wrk printed no Requests/sec for \(name):\n\(text)")
        }
        let total = text.split(separator: "\n").first { $0.contains("requests in") }
            .flatMap { $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first }.flatMap { Int($0) } ?? 0
        let sockets = fields("Socket errors:").compactMap { Int($0.trimmingCharacters(in: CharacterSet(charactersIn: ","))) }.reduce(0, +)
        return WrkRun(
            name: name, requestsPerSecond: rate, requests: total, p50: fields("50%").last ?? "?", p99: fields("99%").last ?? "?",
            non2xx: fields("Non-2xx or 3xx responses:").last.flatMap(Int.init) ?? 0, socketErrors: sockets)
    }

    /// wrk's latency (`1.23ms`, `812.00us`, `1.01s`) in milliseconds.
    static func milliseconds(_ text: String) -> Double? {
        for (suffix, factor) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).map { $0 * factor }
        }
        return nil
    }
}

/// The Lua scripts wrk runs: a request per call, chosen from prepared lists.
enum WrkScript {
    /// GETs of `paths`, round robin from a random start per thread, with `headers`.
    static func gets(_ paths: [String], headers: [String: String]) -> String {
        """
        \(headerLines(headers))
        local paths = {\(paths.map(quoted).joined(separator: ","))}
        local i = 0
        init = function(args) i = math.random(#paths) end
        request = function()
          i = i % #paths + 1
          return wrk.format("GET", paths[i])
        end
        """
    }

    /// POSTs of `bodies` (JSON) to `path`, round robin.
    static func posts(_ path: String, bodies: [String], headers: [String: String]) -> String {
        """
        \(headerLines(headers.merging(["Content-Type": "application/json"]) { $1 }))
        local bodies = {\(bodies.map(quoted).joined(separator: ","))}
        local i = 0
        init = function(args) i = math.random(#bodies) end
        request = function()
          i = i % #bodies + 1
          return wrk.format("POST", \(quoted(path)), nil, bodies[i])
        end
        """
    }

    private static func headerLines(_ headers: [String: String]) -> String {
        headers.sorted { $0.key < $1.key }.map { "wrk.headers[\(quoted($0.key))] = \(quoted($0.value))" }.joined(separator: "\n")
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
