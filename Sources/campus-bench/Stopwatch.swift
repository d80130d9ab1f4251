import Foundation

/// Wall-clock timing with the monotonic clock.
enum Stopwatch {
    struct Timed<Value> {
        let value: Value
        let seconds: Double
    }

    static func time<Value>(_ work: () throws -> Value) rethrows -> Timed<Value> {
        let clock = ContinuousClock()
        var value: Value?
        let elapsed = try clock.measure { value = try work() }
        return Timed(value: value!, seconds: elapsed.seconds)
    }

    /// ``time(_:)`` of async work.
    static func time<Value>(_ work: () async throws -> Value) async rethrows -> Timed<Value> {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try await work()
        return Timed(value: value, seconds: (clock.now - start).seconds)
    }

    static func format(_ seconds: Double) -> String {
        seconds < 0.001 ? String(format: "%.1f µs", seconds * 1_000_000)
            : seconds < 1 ? String(format: "%.2f ms", seconds * 1_000) : String(format: "%.2f s", seconds)
    }

    /// The value at quantile `q` (0...1) of sorted samples.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))]
    }
}

/// Processor time (user and system) from `getrusage`: of the calling thread, and of the
/// child processes waited for. Unlike wall time it leaves out the time a busy machine
/// kept the work waiting, so ratios of it are steadier.
enum ProcessorTime {
    /// `RUSAGE_THREAD`, which Glibc's module leaves out (it is a GNU extension).
    private static let thread: __rusage_who_t = 1

    static var thisThread: Double { seconds(thread) }
    static var children: Double { seconds(__rusage_who_t(RUSAGE_CHILDREN.rawValue)) }

    private static func seconds(_ who: __rusage_who_t) -> Double {
        var usage = rusage()
        getrusage(who, &usage)
        return [usage.ru_utime, usage.ru_stime].reduce(0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
    }
}

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
