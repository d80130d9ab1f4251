/// Keeps requests to each host within bounds: at most `concurrency` in
/// flight, and starts at least `minimumInterval` apart.
actor HostLimiter {
    private let concurrency: Int
    private let minimumInterval: Duration
    private var semaphores: [String: AsyncSemaphore] = [:]
    private var nextStart: [String: ContinuousClock.Instant] = [:]

    init(concurrency: Int, minimumInterval: Duration) {
        self.concurrency = concurrency
        self.minimumInterval = minimumInterval
    }

    /// Runs `body` once `host` has a free slot and its interval has passed.
    ///
    /// - Throws: ``FetchError/cancelled`` when cancelled while waiting, or what `body` throws.
    nonisolated func withSlot<Value: Sendable>(
        for host: String, _ body: @Sendable () async throws(FetchError) -> Value
    ) async throws(FetchError) -> Value {
        let semaphore = await semaphore(for: host)
        return try await semaphore.withPermit { () async throws(FetchError) -> Value in
            let start = await self.reserveStart(for: host)
            do {
                try await Task.sleep(until: start, clock: .continuous)
            } catch {
                throw .cancelled
            }
            return try await body()
        }
    }

    private func semaphore(for host: String) -> AsyncSemaphore {
        if let known = semaphores[host] { return known }
        let created = AsyncSemaphore(limit: concurrency)
        semaphores[host] = created
        return created
    }

    /// The earliest start for the next request to `host`, booked.
    private func reserveStart(for host: String) -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        let start = max(now, nextStart[host] ?? now)
        nextStart[host] = start + minimumInterval
        return start
    }
}
