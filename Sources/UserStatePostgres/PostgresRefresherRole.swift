import CampusIndex
import Foundation
import NIOCore
import PostgresNIO
import Synchronization

/// The refresher role as PostgreSQL holds it: a session-level advisory lock on a connection
/// of its own, which the server frees the moment that connection ends (the holder stopped,
/// killed, or gone from the network: the server's TCP keep-alives notice within seconds).
final class PostgresRefresherRole: RefresherRole {
    let epoch: Int64
    private let connection: PostgresConnection

    /// The advisory lock, in the two-number form: never the same lock as the one-number
    /// locks the store's operations and migrations take.
    static let lock: (Int32, Int32) = (0x6361_6D70, 2)

    /// How often the holder makes sure its connection, and so the role, is still its own.
    static let checkEvery: Duration = .seconds(2)
    /// How long the connection may stay silent before the holder gives the role up: as long as
    /// the store waits for any answer (a busy server is not a lost one).
    static let silentLimit: Duration = .seconds(10)

    /// What the role's connection tells the server: to probe a silent client after 5 s, every
    /// 2 s, three times (else a vanished holder keeps the role for the system's two hours).
    /// A client that stops acknowledging what the server sent is given up after 11 s too.
    static let keepAlive = [("tcp_keepalives_idle", "5"), ("tcp_keepalives_interval", "2"), ("tcp_keepalives_count", "3"),
                            ("tcp_user_timeout", "11000"), ("application_name", "campus-refresher")]

    init(epoch: Int64, connection: PostgresConnection) {
        self.epoch = epoch
        self.connection = connection
    }

    /// A role no one keeps is given up: one taken after its taker stopped waiting (a slow
    /// server) is never held by a connection nobody watches.
    deinit {
        _ = connection.close() as EventLoopFuture<Void>
    }

    func lost() async {
        let connection = connection
        let pings = Pings()
        while !Task.isCancelled, !connection.isClosed {
            // A query on a connection the server ended may never answer: it is asked in a task of
            // its own, one at a time, and its answer looked for, never waited on.
            if pings.startAsking() {
                Task {
                    let answered = (try? await connection.execute("SELECT 1")) != nil
                    pings.finished(answered: answered)
                }
            }
            do {
                try await Task.sleep(for: Self.checkEvery)
            } catch {
                return
            }
            // Silent longer than the store waits for any answer: the server frees the lock when the connection ends.
            if pings.silence > Self.silentLimit {
                try? await connection.close()
                return
            }
        }
    }

    func release() async {
        try? await connection.close()
    }
}

extension PostgresUserState {
    public func takeRefresherRole(holder: String) async throws(UserStateError) -> (any RefresherRole)? {
        try await ready()
        let store = self
        return try await answering("take the refresher role", within: clientLimit) { () async throws -> (any RefresherRole)? in
            let connection = try await store.connect(parameters: PostgresRefresherRole.keepAlive)
            do {
                let lock = PostgresRefresherRole.lock
                guard let taken = try await connection.rows("SELECT pg_try_advisory_lock(\(lock.0), \(lock.1))").first,
                      try taken.decode(Bool.self)
                else {
                    try? await connection.close()
                    return nil
                }
                // Waits for a publication of the last holder still under way (it holds this row).
                let epoch = try await connection.count("""
                    UPDATE index_refresher SET epoch = epoch + 1, holder = \(holder), since = now() WHERE id = 1 RETURNING epoch
                    """)
                return PostgresRefresherRole(epoch: Int64(epoch), connection: connection)
            } catch {
                try? await connection.close()
                throw error
            }
        }
    }
}

/// The holder's pings on its connection: one asked at a time, and when one was last answered.
private final class Pings: Sendable {
    private let state = Mutex((asking: false, answeredAt: ContinuousClock.now))

    /// Whether a new ping may be asked now (none is under way); it is under way from now on.
    func startAsking() -> Bool {
        state.withLock { state in
            guard !state.asking else { return false }
            state.asking = true
            return true
        }
    }

    func finished(answered: Bool) {
        state.withLock { state in
            state.asking = false
            if answered { state.answeredAt = ContinuousClock.now }
        }
    }

    /// How long since the connection last answered.
    var silence: Duration {
        ContinuousClock.now - state.withLock { $0.answeredAt }
    }
}
