/// Jittered exponential back-off: the delay before retry `n` (1-based) is
/// `base × 2^(n-1)`, scaled by a random factor between 0.5 and 1.5 so that
/// clients that failed together do not retry together.
struct Backoff: Sendable {
    /// The delay before the first retry, before jitter.
    var base: Duration
    /// No delay is longer than this.
    var ceiling: Duration = .seconds(30)

    /// The delay before retry number `retry` (1 for the first retry).
    func delay(beforeRetry retry: Int) -> Duration {
        let doubling = 1 << min(max(retry - 1, 0), 16)
        let jitter = Double.random(in: 0.5...1.5)
        return min(base * doubling * jitter, ceiling)
    }
}
