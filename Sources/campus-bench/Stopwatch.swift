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

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
