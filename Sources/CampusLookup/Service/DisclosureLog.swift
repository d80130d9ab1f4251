import CampusCore
import Foundation
internal import CampusIndex

/// Writes disclosures to the access record before the answer goes out, many requests'
/// worth in one transaction: a request waits until its disclosures are committed, and
/// while one commit runs the next batch gathers.
actor DisclosureLog {
    /// The store, opened when the first disclosure is written.
    private let store: @Sendable () throws(CampusError) -> any UserStateStore
    private var pending: [Disclosure] = []
    private var waiting: [CheckedContinuation<Void, any Error>] = []
    private var isWriting = false

    init(store: @escaping @Sendable () throws(CampusError) -> any UserStateStore) {
        self.store = store
    }

    /// Appends `disclosures` to the record; returns once they are committed.
    func record(_ disclosures: [Disclosure]) async throws(CampusError) {
        guard !disclosures.isEmpty else { return }
        do {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                pending += disclosures
                waiting.append(continuation)
                if !isWriting {
                    isWriting = true
                    Task { await self.writeBatches() }
                }
            }
        } catch {
            throw CampusError(error)
        }
    }

    /// Commits what has gathered, batch after batch, until nothing waits.
    private func writeBatches() async {
        while !pending.isEmpty {
            let batch = pending
            let waiters = waiting
            pending = []
            waiting = []
            do {
                try await store().recordDisclosures(batch)
                for waiter in waiters { waiter.resume() }
            } catch {
                for waiter in waiters { waiter.resume(throwing: error) }
            }
        }
        isWriting = false
    }
}
