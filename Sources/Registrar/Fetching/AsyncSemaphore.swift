/// A counting semaphore for tasks: at most `limit` holders at once, waiters
/// served in arrival order, a cancelled waiter leaves the queue.
actor AsyncSemaphore {
    private typealias Waiter = (id: Int, continuation: CheckedContinuation<Void, any Error>)

    private var available: Int
    private var waiters: [Waiter] = []
    private var nextWaiterID = 0

    /// - Parameter limit: How many may hold the semaphore at once (at least one).
    init(limit: Int) {
        available = max(1, limit)
    }

    /// Runs `body` while holding one unit of the semaphore.
    ///
    /// - Throws: ``FetchError/cancelled`` when the task is cancelled while waiting, or what `body` throws.
    func withPermit<Value: Sendable>(
        _ body: @Sendable () async throws(FetchError) -> Value
    ) async throws(FetchError) -> Value {
        try await acquire()
        do {
            let value = try await body()
            release()
            return value
        } catch {
            release()
            throw error
        }
    }

    private func acquire() async throws(FetchError) {
        if available > 0 {
            available -= 1
            return
        }
        let id = nextWaiterID
        nextWaiterID += 1
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        waiters.append((id, continuation))
                    }
                }
            } onCancel: {
                Task { await self.dropWaiter(id) }
            }
        } catch {
            throw .cancelled
        }
    }

    private func release() {
        if waiters.isEmpty {
            available += 1
        } else {
            waiters.removeFirst().continuation.resume()
        }
    }

    private func dropWaiter(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }
}
