import CampusCore
import CampusIndex
import Foundation
import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import Synchronization

/// The user-state store in a PostgreSQL database, shared by every `campus serve` that
/// names it: a log-in on one server holds on all, a log-out or a revocation ends it on
/// all, the throttle counts failures across them, the record of disclosures is one.
///
/// The same operations as ``CampusIndex/SQLiteUserState``, passing the same tests. Made
/// at once and connected on first use: the first operation migrates the schema (one
/// server at a time, under an advisory lock), and every one waits at most
/// ``Options/answerWithin`` for the server before it fails with what went wrong.
///
/// ```swift
/// let address = try PostgresAddress(parsing: "postgres://campus@db.example.edu/campus")
/// let state = PostgresUserState(address: address, password: password)
/// try await state.addFavorite("valer", owner: "alice", group: "favorites", now: .now, limits: nil)
/// ```
public struct PostgresUserState: UserStateStore {
    /// How long to wait, and on how many connections.
    public struct Options: Sendable {
        /// How long an operation waits for the server (connecting included) before it fails.
        public var answerWithin: Duration = .seconds(10)
        /// The most connections this process keeps open to the server.
        public var maximumConnections = 20

        public init(answerWithin: Duration = .seconds(10), maximumConnections: Int = 20) {
            self.answerWithin = answerWithin
            self.maximumConnections = maximumConnections
        }
    }

    /// Where the store is, without its password.
    public let address: PostgresAddress
    let client: PostgresClient
    private let password: String?
    private let options: Options
    private let running: ClientRun
    private let schema: SchemaGate
    /// Session look-ups made at once, read in one statement: every request of a shared store reads its session.
    let sessionLookups = GroupedCalls<String, Session?>()
    /// Sessions kept at once (log-ins ending well), written in one statement.
    let sessionWrites = GroupedCalls<SessionKeeping, Void>()
    /// Disclosures recorded at once, written in one statement: every answer about a person records one before it is sent.
    let disclosureWrites = GroupedCalls<[Disclosure], Void>()

    /// A store at `address`, logging in with `password`. Nothing is connected until the first operation.
    public init(address: PostgresAddress, password: String?, options: Options = Options(), logger: Logger = Logger(label: "campus.user-state")) {
        var configuration = PostgresClient.Configuration(
            host: address.host, port: address.port, username: address.username, password: password, database: address.database,
            tls: Self.tls(address))
        configuration.options.maximumConnections = options.maximumConnections
        configuration.options.connectTimeout = options.answerWithin
        configuration.options.additionalStartupParameters = Self.serverLimits(options)
        // Kept short of the usual firewall idle cut-off; a dead peer is noticed by the next keep-alive.
        configuration.options.keepAliveBehavior = .init(frequency: .seconds(30))
        self.address = address
        self.password = password
        self.options = options
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        running = ClientRun(client)
        schema = SchemaGate()
    }

    /// Read committed whatever the server's default: a statement after a lock reads what the
    /// lock's last holder wrote (the log-in attempt, the favorites' limits).
    ///
    /// What the server itself holds each statement to: a statement, or a wait for a lock,
    /// that outlasts ``Options/answerWithin`` is cancelled by the server (which a client
    /// cannot do to a query under way), and its transaction rolled back.
    private static func serverLimits(_ options: Options) -> [(String, String)] {
        let milliseconds = String(max(1, options.answerWithin.components.seconds * 1000 + options.answerWithin.components.attoseconds / 1_000_000_000_000_000))
        return [("statement_timeout", milliseconds), ("lock_timeout", milliseconds), ("idle_in_transaction_session_timeout", milliseconds),
                ("default_transaction_isolation", "read committed")]
    }

    private static func tls(_ address: PostgresAddress) -> PostgresClient.Configuration.TLS {
        switch address.tls {
        case .disable: .disable
        case .prefer: .prefer(tlsConfiguration(address))
        case .require, .verifyCA, .verifyFull: .require(tlsConfiguration(address))
        }
    }

    /// TLS as `sslmode` asks: the certificate checked (against the CA file, else the system's
    /// roots) for `verify-ca`, its name too for `verify-full`, not at all for `prefer` and
    /// `require` (libpq's meaning, which a server with a self-signed certificate relies on).
    private static func tlsConfiguration(_ address: PostgresAddress) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let caFile = address.caFile { configuration.trustRoots = .file(caFile) }
        configuration.certificateVerification = switch address.tls {
        case .verifyFull: .fullVerification
        case .verifyCA: .noHostnameVerification
        case .disable, .prefer, .require: .none
        }
        return configuration
    }

    /// One connection of its own, for migrating and for holding the refresher role: unlike the
    /// pool, which tries again and again, it fails at once with the reason (a wrong password, no
    /// server, a certificate refused). `parameters` are set on it besides the server's limits.
    func connect(parameters: [(String, String)] = []) async throws -> PostgresConnection {
        let tls: PostgresConnection.Configuration.TLS = switch address.tls {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: Self.tlsConfiguration(address)))
        case .require, .verifyCA, .verifyFull: .require(try NIOSSLContext(configuration: Self.tlsConfiguration(address)))
        }
        var configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.username, password: password, database: address.database, tls: tls)
        configuration.options.connectTimeout = TimeAmount(options.answerWithin)
        configuration.options.additionalStartupParameters = Self.serverLimits(options) + parameters
        return try await PostgresConnection.connect(configuration: configuration, id: 0, logger: Self.quiet)
    }

    /// Migrates the schema now rather than at the first operation: fails at once when the
    /// server cannot be reached, refuses the log-in, or holds a newer schema.
    public func prepare() async throws(UserStateError) {
        try await ready()
    }

    /// A database every server naming it shares.
    public var isShared: Bool { true }

    public func probe() async throws(UserStateError) {
        try await run("answer") { db in try await db.execute("SELECT 1") }
    }

    // MARK: Running statements

    /// Runs `body` on the pool (each statement its own transaction) once the schema is ready.
    func run<T: Sendable>(_ operation: String, _ body: @escaping @Sendable (PostgresClient) async throws -> T) async throws(UserStateError) -> T {
        try await ready()
        let client = client
        return try await answering(operation, within: clientLimit) { try await body(client) }
    }

    /// Runs `body` in one transaction once the schema is ready, holding an advisory lock on
    /// each of `keys` until it ends: operations that read, decide and write under the same
    /// key (an owner's favorites, a username's log-ins) come one after another, as
    /// SQLite's `BEGIN IMMEDIATE` makes them.
    func transaction<T: Sendable>(
        _ operation: String, locking keys: [String] = [], waiting limit: Duration? = nil,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws(UserStateError) -> T {
        try await ready()
        let client = client
        return try await answering(operation, within: limit ?? clientLimit) {
            try await client.withTransaction(logger: Self.quiet) { connection in
                if !keys.isEmpty {
                    // All in one round trip, in the order of their lock numbers: two transactions
                    // wanting the same locks never hold one each and wait for the other.
                    try await connection.execute("""
                        SELECT pg_advisory_xact_lock(lock) FROM (
                            SELECT DISTINCT hashtextextended(key, 0) AS lock FROM unnest(\(keys)::text[]) AS key ORDER BY lock
                        ) AS wanted
                        """)
                }
                return try await body(connection)
            }
        }
    }

    /// How long an operation waits before it gives up: the server's limit on each statement, and
    /// a little more, for waiting on a connection (the server being down) and round trips. The
    /// server cancels what outlasts its limit; this one stops the waiting.
    var clientLimit: Duration { options.answerWithin + .seconds(2) }

    /// ``run(_:_:)`` for a group of calls (``GroupedCalls``): when the server refused the
    /// statement for what it was given (a data exception or a constraint, SQLSTATE classes 22
    /// and 23), its calls may be tried again one by one; any other failure fails them all.
    func runGrouped<T: Sendable>(_ operation: String, _ body: @escaping @Sendable (PostgresClient) async throws -> T) async throws(GroupFailure) -> T {
        do {
            try await ready()
        } catch {
            throw GroupFailure(error, eachAlone: false)
        }
        let client = client
        do {
            return try await Self.within(clientLimit) { try await body(client) }
        } catch {
            let state = (Self.cause(error) as? PSQLError)?.serverInfo?[.sqlState] ?? ""
            throw GroupFailure(storeError(operation, within: clientLimit, error), eachAlone: state.hasPrefix("22") || state.hasPrefix("23"))
        }
    }

    /// Runs `work`, failing as `operation` when it throws or outlasts `limit`: the work may then
    /// still finish on the server, so the error says its outcome is not known.
    func answering<T: Sendable>(
        _ operation: String, within limit: Duration, _ work: @escaping @Sendable () async throws -> T
    ) async throws(UserStateError) -> T {
        do {
            return try await Self.within(limit, work)
        } catch {
            throw storeError(operation, within: limit, error)
        }
    }

    /// What `error`, thrown by work given `limit`, means for `operation`.
    private func storeError(_ operation: String, within limit: Duration, _ error: any Error) -> UserStateError {
        switch Self.cause(error) {
        case let error as UserStateError: error
        case is DeadlinePassed:
            .failed(operation: operation, detail: "PostgreSQL at \(address) did not answer within \(limit); whether it was done is not known")
        case let error: .failed(operation: operation, detail: Self.detail(error))
        }
    }

    /// The schema, migrated once per process (again after a failure).
    func ready() async throws(UserStateError) {
        if schema.isReady { return }
        let store = self
        do {
            try await schema.migrate {
                try await Self.within(store.clientLimit) {
                    let connection = try await store.connect()
                    do {
                        try await PostgresSchema.migrate(connection, location: store.address.description)
                    } catch {
                        try? await connection.close()
                        throw error
                    }
                    try? await connection.close()
                }
            }
        } catch {
            switch Self.cause(error) {
            case let error as UserStateError: throw error
            case is DeadlinePassed:
                throw .cannotOpen(location: address.description, detail: "the server did not answer within \(clientLimit)")
            case let error: throw .cannotOpen(location: address.description, detail: Self.detail(error))
            }
        }
    }

    struct DeadlinePassed: Error {}

    /// `work`'s answer, or ``DeadlinePassed`` after `limit` (the work is cancelled).
    static func within<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: limit)
                throw DeadlinePassed()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw DeadlinePassed() }
            return first
        }
    }

    /// The error a transaction's wrapper holds: what went wrong inside it.
    private static func cause(_ error: any Error) -> any Error {
        guard let wrapper = error as? PostgresTransactionError else { return error }
        return wrapper.closureError ?? wrapper.beginError ?? wrapper.commitError ?? wrapper.rollbackError ?? error
    }

    /// What PostgreSQL said, or what kept us from it; never the password.
    static func detail(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] {
            let extra = [error.serverInfo?[.detail], error.serverInfo?[.hint]].compactMap { $0 }
            return ([message] + extra).joined(separator: "; ")
        }
        if let underlying = error.underlying { return "\(error.code): \(underlying)" }
        return "\(error.code)"
    }

    /// The logger queries run with: failures are thrown, not logged.
    static let quiet = Logger(label: "campus.user-state.query", factory: { _ in SwiftLogNoOpLogHandler() })
}

/// Runs a client for as long as a store made with it is in use, and closes it after.
private final class ClientRun: Sendable {
    private let task: Task<Void, Never>

    init(_ client: PostgresClient) {
        task = Task { await client.run() }
    }

    deinit {
        task.cancel()
    }
}

/// Whether the schema was migrated in this process; migrates it once, callers at the same
/// time waiting on the same migration, and again after one failed.
private actor SchemaGate {
    private nonisolated let migrated = Mutex(false)
    private var underway: Task<Void, any Error>?

    nonisolated var isReady: Bool { migrated.withLock { $0 } }

    func migrate(_ body: @escaping @Sendable () async throws -> Void) async throws {
        if isReady { return }
        let task = underway ?? Task { try await body() }
        underway = task
        do {
            try await task.value
            migrated.withLock { $0 = true }
        } catch {
            // Another caller may have started the next attempt already: that one stays.
            if underway == task { underway = nil }
            throw error
        }
    }
}

extension Date {
    /// This date cut to the millisecond, as the SQLite store keeps dates (GRDB writes
    /// `ss.SSS`): what is read back equals what was written, in both stores. (A hair is added
    /// first so that a date already on a millisecond, not exact in binary, stays on it.)
    var toMillisecond: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1000 + 1e-4).rounded(.down) / 1000)
    }
}
