import Dispatch
import Foundation
internal import GRDB
import Synchronization

/// Folds a store's write-ahead log into its database file in the background, so that no
/// write waits for it. SQLite's own automatic checkpoint (turned off on the store's
/// connections, ``SQLiteUserState``) runs in whichever commit crosses a thousand pages: that
/// commit syncs the log and the file to disk, about 8 ms on the benchmark machine, once a
/// second under a page load that records disclosures (BENCHMARKS.md, "API and web app").
///
/// After a write, at most once a ``interval``, a passive checkpoint runs on a connection of
/// its own: it never waits for readers or writers, and they never wait for it. What it cannot
/// copy yet (a reader still needs it) is copied by a later one, as SQLite's would.
final class WALCheckpointer: Sendable {
    /// The database file.
    let path: String
    /// The least time between two checkpoints.
    static let interval: TimeInterval = 1
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "campus.user-state.checkpoint", qos: .utility)

    private struct State {
        var running = false
        var startedAt = Date.distantPast
        /// Its own connection, opened on the first checkpoint.
        var connection: DatabaseQueue?
        /// Checkpoints run to the end, for tests.
        var completed = 0
    }

    init(path: String) {
        self.path = path
    }

    /// Called after each write: starts a checkpoint unless one runs or ran within ``interval``.
    func afterWrite(now: Date = Date()) {
        let start = state.withLock { state -> Bool in
            guard !state.running, now.timeIntervalSince(state.startedAt) >= Self.interval else { return false }
            state.running = true
            state.startedAt = now
            return true
        }
        guard start else { return }
        queue.async { [self] in
            let connection = state.withLock { $0.connection } ?? open()
            // A failed checkpoint (the disk, a lock held by another process) leaves the log as it
            // is, as SQLite's own does: the next write tries again.
            let done = (try? connection?.writeWithoutTransaction { db in try db.checkpoint(.passive) }) != nil
            state.withLock { state in
                state.connection = connection
                state.running = false
                if done { state.completed += 1 }
            }
        }
    }

    /// How many checkpoints have run to the end.
    var completed: Int { state.withLock { $0.completed } }

    private func open() -> DatabaseQueue? {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        return try? DatabaseQueue(path: path, configuration: configuration)
    }
}
