import Dispatch
internal import GRDB
import Synchronization

/// Folds a store's write-ahead log into its database file in the background, so that no
/// write waits for it. SQLite's own automatic checkpoint (turned off on the store's
/// connections, ``SQLiteUserState``) runs in whichever commit crosses a thousand pages: that
/// commit syncs the log and the file to disk, about 8 ms on the benchmark machine, once a
/// second under a page load that records disclosures.
///
/// After a write, a passive checkpoint runs on a connection of its own, at most once an
/// ``interval`` and at most an ``interval`` after the write: it never waits for readers or
/// writers, and they never wait for it. The interval is short so that each checkpoint is small.
/// Once a second, under pages that record disclosures, each copied a second's pages at once
/// (about 6 ms of CPU, by `perf`), and the requests behind it made the slowest 1% of pages two
/// to three times slower: the meet page one at a time had a p99 of 10.6 and 13.0 ms, against
/// 4.8 and 5.8 ms at a tenth of a second, with the same median (BENCHMARKS.md, "API and web app").
///
/// What it cannot copy yet (a reader still needs it, a write came meanwhile) the next one
/// copies. A log that writes keep from ever being copied whole (so that SQLite starts it over)
/// and that passes ``restartFrames`` is restarted instead: that checkpoint holds writes back
/// while it copies the rest, as SQLite's own does.
final class WALCheckpointer: Sendable {
    /// The database file.
    let path: String
    /// The least time between the starts of two checkpoints.
    static let interval: DispatchTimeInterval = .milliseconds(100)
    /// How long the log may grow (in pages) before a checkpoint holds writes back to restart it.
    static let restartFrames = 4_000
    private let state = Mutex(State())
    /// Runs the checkpoints, one at a time.
    private let queue = DispatchQueue(label: "campus.user-state.checkpoint", qos: .utility)

    private struct State {
        /// Whether a checkpoint is due (and will see every write until it starts).
        var scheduled = false
        /// When the last one started.
        var lastStart: DispatchTime?
        /// Its own connection, opened on the first checkpoint.
        var connection: DatabaseQueue?
    }

    init(path: String) {
        self.path = path
    }

    /// Called after each write: makes sure a checkpoint starts after it, within ``interval``.
    func afterWrite() {
        let start = state.withLock { state -> DispatchTime? in
            guard !state.scheduled else { return nil }
            state.scheduled = true
            guard let last = state.lastStart else { return .now() }
            return max(.now(), last + Self.interval)
        }
        guard let start else { return }
        queue.asyncAfter(deadline: start) { [self] in checkpoint() }
    }

    private func checkpoint() {
        let connection = state.withLock { state in
            state.scheduled = false
            state.lastStart = .now()
            return state.connection
        } ?? open()
        state.withLock { $0.connection = connection }
        guard let connection else { return }
        // A failed checkpoint (the disk, a lock held long by another process) leaves the log as
        // it is, as SQLite's own does: a later write brings another.
        let passive = try? connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        if let passive, passive.walFrameCount > Self.restartFrames {
            _ = try? connection.writeWithoutTransaction { db in try db.checkpoint(.restart) }
        }
    }

    private func open() -> DatabaseQueue? {
        var configuration = Configuration()
        // A restart waits this long for the writer and readers to finish, then gives up until the next.
        configuration.busyMode = .timeout(1)
        return try? DatabaseQueue(path: path, configuration: configuration)
    }
}
