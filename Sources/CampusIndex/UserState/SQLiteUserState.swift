import CampusCore
import Foundation
internal import GRDB

/// The user-state store in an SQLite file of its own beside the index (or in
/// memory, for tests), migrated on its own and never touched by a rebuild.
///
/// ```swift
/// let state = try SQLiteUserState.open(path: "~/.local/share/campus/user-state.sqlite")
/// try await state.addFavorite("valer", owner: "alice", group: "favorites", now: .now, limits: nil)
/// ```
public struct SQLiteUserState: UserStateStore {
    /// The database file, or `nil` in memory.
    public let path: String?
    let writer: any DatabaseWriter
    /// Folds the write-ahead log into the file after writes, off their path; `nil` in memory.
    let checkpointer: WALCheckpointer?

    private var location: String { path ?? "memory" }

    /// Opens the store at `path`, creating it (private to its owner) when missing.
    public static func open(path: String) throws(UserStateError) -> SQLiteUserState {
        do {
            try PrivateFiles.prepare(path)
            let pool = try DatabasePool(path: path, configuration: configuration)
            try migrate(pool, location: path)
            return SQLiteUserState(path: path, writer: pool, checkpointer: WALCheckpointer(path: path))
        } catch let error as UserStateError {
            throw error
        } catch {
            throw .cannotOpen(location: path, detail: Self.detail(error))
        }
    }

    /// A new, empty store in memory, for tests.
    public static func inMemory() throws(UserStateError) -> SQLiteUserState {
        do {
            let queue = try DatabaseQueue(configuration: configuration)
            try migrate(queue, location: "memory")
            return SQLiteUserState(path: nil, writer: queue, checkpointer: nil)
        } catch let error as UserStateError {
            throw error
        } catch {
            throw .cannotOpen(location: "memory", detail: Self.detail(error))
        }
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        // Checkpoints run beside the writes (``WALCheckpointer``), never inside a commit. The
        // first commit after the log starts over (all of it copied into the file) cuts the file
        // back to ``logSizeLimit``: a load that grew it leaves no large log behind on the disk.
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "PRAGMA journal_size_limit = \(logSizeLimit)")
        }
        return configuration
    }

    /// The size in bytes the write-ahead log file is cut back to when it starts over: 4 MiB,
    /// about the thousand pages at which SQLite's own automatic checkpoint runs. Under steady
    /// writes the log grows past it between the checkpointer's restarts
    /// (``WALCheckpointer/restartFrames``) and is cut back at each, a truncation every few
    /// seconds, rather than keeping 16 MB or more on the disk once the load is over.
    static let logSizeLimit = 4 * 1024 * 1024

    private static func migrate(_ writer: any DatabaseWriter, location: String) throws {
        let superseded = try writer.read { db in
            try db.tableExists("grdb_migrations") && UserStateSchema.migrator.hasBeenSuperseded(db)
        }
        if superseded { throw UserStateError.newerVersion(location: location) }
        try UserStateSchema.migrator.migrate(writer)
    }

    static func detail(_ error: any Error) -> String {
        (error as? DatabaseError)?.message ?? "\(error)"
    }

    /// A file of this machine's: one server uses it.
    public var isShared: Bool { false }

    public func probe() async throws(UserStateError) {
        try await read("be read") { db in try db.execute(sql: "SELECT 1 FROM favorites LIMIT 1") }
    }

    /// Runs `body` in one write transaction off the caller's thread.
    func write<T: Sendable>(_ operation: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(UserStateError) -> T {
        do {
            let value = try await writer.write(body)
            checkpointer?.afterWrite()
            return value
        } catch {
            throw .failed(operation: operation, detail: Self.detail(error))
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction off the caller's thread: its reads and
    /// writes are one step that no other writer, of this process or another, comes between.
    func writeImmediately<T: Sendable>(_ operation: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(UserStateError) -> T {
        do {
            let value = try await writer.writeWithoutTransaction { db in
                var value: T?
                try db.inTransaction(.immediate) {
                    value = try body(db)
                    return .commit
                }
                guard let value else { throw UserStateError.failed(operation: operation, detail: "no answer") }
                return value
            }
            checkpointer?.afterWrite()
            return value
        } catch let error as UserStateError {
            throw error
        } catch {
            throw .failed(operation: operation, detail: Self.detail(error))
        }
    }

    /// Runs `body` in one read transaction off the caller's thread.
    func read<T: Sendable>(_ operation: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(UserStateError) -> T {
        do {
            return try await writer.read(body)
        } catch {
            throw .failed(operation: operation, detail: Self.detail(error))
        }
    }
}
