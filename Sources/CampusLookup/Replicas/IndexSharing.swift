internal import CampusIndex
import Dispatch
import Foundation
import Synchronization

/// One index for every replica of a campus whose user state they share (PostgreSQL): one
/// replica at a time holds the refresher role, refreshes the index and publishes each new
/// one as a checksummed, versioned snapshot; every replica (that one too) fetches the
/// newest, checks it, and serves it from then on, while requests under way finish on the
/// one they began with. A replica that cannot fetch keeps serving its last good snapshot and
/// says so (``state``, `/readyz`).
///
/// ```swift
/// if let sharing = service.indexSharing {
///     await sharing.installNewest()
///     if let lease = await sharing.takeRefresherRole() {
///         await sharing.holding(lease) { await refreshLoop() }
///     }
/// }
/// ```
public final class IndexSharing: Sendable {
    private let exchange: any IndexSnapshotExchange
    private let campus: CampusContext
    private let folder: SnapshotFolder
    private let holder: String
    private let status: Mutex<SnapshotState>
    private let installed: Mutex<Installed?>
    private let role: Mutex<(any RefresherRole)?>
    /// The last snapshot that failed its checks, and until when it is not fetched again.
    private let refused = Mutex<(manifest: IndexSnapshotManifest, until: Date)?>(nil)
    private let serial = SerialWork()

    private struct Installed {
        var version: Int64
        var sha256: String
        var generation: Int64
        var database: CampusDatabase
    }

    /// How often a replica looks for a newer snapshot.
    public static let followEvery: Duration = .seconds(1)
    /// How often a replica without the refresher role tries to take it.
    public static let contendEvery: Duration = .seconds(2)
    /// How long a snapshot that failed its checks is left before it is fetched again.
    static let refusedFor: TimeInterval = 60

    /// Sharing through `exchange`; serves at once the newest snapshot kept on disk from an earlier run.
    init(exchange: any IndexSnapshotExchange, campus: CampusContext) {
        self.exchange = exchange
        self.campus = campus
        folder = SnapshotFolder(index: campus.indexURL)
        holder = "\(ProcessInfo.processInfo.hostName) pid \(ProcessInfo.processInfo.processIdentifier)"
        status = Mutex(SnapshotState())
        installed = Mutex(nil)
        role = Mutex(nil)
        for version in folder.versions() {
            let file = folder.file(version: version)
            guard let sha256 = try? SnapshotFolder.sha256(of: file) else { continue }
            if (try? install(file: file, version: version, sha256: sha256)) != nil { break }
        }
    }

    /// How this replica stands: its role, the snapshot it serves, the newest published, what keeps it from that one.
    public var state: SnapshotState {
        status.withLock { $0 }
    }

    /// Whether this replica holds the refresher role now.
    public var holdsRefresherRole: Bool {
        role.withLock { $0 != nil }
    }

    // MARK: Following

    /// Fetches, checks and serves the newest snapshot when it is newer than the one served;
    /// on failure keeps the one served and records why (``state``). A replica calls it every
    /// ``followEvery``.
    public func installNewest() async {
        await serial.run { await self.fetchNewest() }
    }

    private func fetchNewest() async {
        let newest: IndexSnapshotManifest?
        do {
            newest = try await exchange.newestSnapshot()
        } catch {
            record(problem: "the newest index cannot be looked for; answering from the last one taken in", detail: error.description)
            return
        }
        guard let newest else { return }
        status.withLock { $0.latest = newest.version }
        // Any other snapshot is taken in, an older one too: a database made anew numbers from one again.
        if let current = installed.withLock({ $0 }), current.version == newest.version, current.sha256 == newest.sha256 {
            record(problem: nil, detail: nil)
            return
        }
        if let refused = refused.withLock({ $0 }), refused.manifest == newest, Date() < refused.until { return }
        let partial = folder.partialFile()
        var fetched = false
        do throws(CampusError) {
            try folder.prepare()
            do throws(UserStateError) {
                try await exchange.fetchSnapshot(newest, into: partial)
            } catch {
                throw CampusError.failed(error.description)
            }
            fetched = true
            let size = (try? FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? Int).map(Int64.init) ?? -1
            guard size == newest.size else { throw CampusError.failed("snapshot \(newest.version) came with \(size) bytes, not \(newest.size)") }
            let sha256 = try await Self.offThePool { () throws(CampusError) in try SnapshotFolder.sha256(of: partial) }
            guard sha256 == newest.sha256 else {
                throw CampusError.failed("snapshot \(newest.version) does not match its checksum (sha256 \(sha256), published \(newest.sha256))")
            }
            let file = try folder.install(partial, version: newest.version)
            do throws(CampusError) {
                try await Self.offThePool { () throws(CampusError) in try self.install(file: file, version: newest.version, sha256: sha256) }
            } catch {
                try? FileManager.default.removeItem(at: file)
                throw error
            }
            record(problem: nil, detail: nil)
        } catch {
            try? FileManager.default.removeItem(at: partial)
            // Fetched but refused (its size, checksum or schema): not fetched again for a while.
            if fetched { refused.withLock { $0 = (newest, Date().addingTimeInterval(Self.refusedFor)) } }
            record(problem: "the newest index (version \(newest.version)) could not be taken in; answering from the last one taken in",
                   detail: "snapshot \(newest.version): \(error.description)")
        }
    }

    /// Opens the snapshot at `file` (whose SHA-256 is `sha256`), checks it, and serves it from now on.
    private func install(file: URL, version: Int64, sha256: String) throws(CampusError) {
        let database = try lookingUp { try CampusDatabase.openSnapshot(path: file.path) }
        let generation = try lookingUp { try database.read { try $0.version().generation } }
        installed.withLock { $0 = Installed(version: version, sha256: sha256, generation: generation, database: database) }
        campus.resources.adopt(snapshot: database)
        status.withLock { state in
            state.version = version
            state.installedAt = Date()
        }
        folder.prune(serving: version)
    }

    private func record(problem: String?, detail: String?) {
        status.withLock { state in
            state.problem = problem
            state.detail = detail
        }
    }

    /// Runs `work` (a whole file written, hashed, checked or copied: tenths of a second for
    /// a campus's index) on one of Dispatch's threads, so that the cooperative threads the
    /// server's requests run on (two, on two cores) are never held by it.
    private static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws(CampusError) -> T) async throws(CampusError) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, CampusError>, Never>) in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(returning: Result { () throws(CampusError) in try work() })
            }
        }
        return try result.get()
    }

    // MARK: The refresher role

    /// Takes the refresher role when no replica holds it; `nil` when one does, or when the
    /// store cannot be asked (recorded in ``state``).
    public func takeRefresherRole() async -> RefresherLease? {
        do {
            return try await exchange.takeRefresherRole(holder: holder).map(RefresherLease.init(role:))
        } catch {
            record(problem: "the refresher role cannot be asked for", detail: error.description)
            return nil
        }
    }

    /// Runs `body` (the refresh schedule) while `lease` holds: first the index this replica
    /// writes is made the newest published one, so refreshes go on from it; `body` is
    /// cancelled when the role is lost, and the role given up when `body` returns.
    public func holding(_ lease: RefresherLease, _ body: @escaping @Sendable () async -> Void) async {
        role.withLock { $0 = lease.role }
        status.withLock { $0.role = .refresher }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await lease.role.lost()
                // Lost: no more alerts or publications from here, even before the refresh under way stops.
                self.role.withLock { $0 = nil }
            }
            group.addTask {
                do throws(CampusError) {
                    try await self.prepareWorkingIndex()
                } catch {
                    self.record(problem: "the index could not be prepared for refreshing", detail: error.description)
                    return
                }
                await body()
            }
            await group.next()
            group.cancelAll()
        }
        role.withLock { $0 = nil }
        status.withLock { $0.role = .reader }
        await lease.role.release()
    }

    /// Makes the index file this replica refreshes hold the newest published snapshot (unless
    /// it holds that one already), so generations and the change log go on from it; when
    /// nothing is published yet, publishes the file as it is.
    private func prepareWorkingIndex() async throws(CampusError) {
        let newest: IndexSnapshotManifest?
        do {
            newest = try await exchange.newestSnapshot()
        } catch {
            throw .failed("the newest index cannot be looked for: \(error.description)")
        }
        await installNewest()
        let current = installed.withLock { $0 }
        guard let newest else {
            // Nothing published yet (a new database, or one whose snapshots a crash emptied):
            // this replica's index, as it is, is the one the others take.
            if let current { try await Self.offThePool { () throws(CampusError) in try self.restoreWorkingIndex(from: current, onlyIfBehind: true) } }
            guard FileManager.default.fileExists(atPath: campus.indexURL.path) else { return }
            try await publish(from: try campus.separateWriter().writableIndex(), evenIfServed: true)
            return
        }
        // Refreshing from anything older than the newest would publish an index gone by.
        guard let current, current.version == newest.version, current.sha256 == newest.sha256 else {
            throw .failed("the newest index (version \(newest.version)) could not be taken in, so this replica does not refresh")
        }
        try await Self.offThePool { () throws(CampusError) in try self.restoreWorkingIndex(from: current, onlyIfBehind: false) }
    }

    /// Makes the index file this replica refreshes hold `snapshot`, unless it holds it already
    /// (or, `onlyIfBehind`, anything at least as new: a refresher's own file, not yet published).
    private func restoreWorkingIndex(from snapshot: Installed, onlyIfBehind: Bool) throws(CampusError) {
        let writer = try campus.separateWriter().writableIndex()
        let generation = try lookingUp { try writer.read { try $0.version().generation } }
        guard onlyIfBehind ? generation < snapshot.generation : generation != snapshot.generation else { return }
        try lookingUp { try writer.restore(from: snapshot.database) }
        writer.foldInWriteAheadLog()
    }

    /// Publishes `index` (the file the refresher just wrote) as the newest snapshot and serves
    /// it here too; refused when this replica does not hold the refresher role.
    func publish(from index: CampusDatabase, evenIfServed: Bool = false) async throws(CampusError) {
        guard let role = role.withLock({ $0 }) else {
            throw .failed("this replica does not hold the refresher role, so it publishes nothing")
        }
        let outcome: Result<Void, CampusError> = await serial.run {
            do throws(CampusError) {
                try await self.publish(from: index, as: role, evenIfServed: evenIfServed)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try outcome.get()
    }

    private func publish(from index: CampusDatabase, as role: any RefresherRole, evenIfServed: Bool) async throws(CampusError) {
        let generation = try lookingUp { try index.read { try $0.version().generation } }
        // What this replica serves already was published: nothing new (unless nothing is published).
        if !evenIfServed, let current = installed.withLock({ $0 }), current.generation == generation { return }
        try folder.prepare()
        let partial = folder.partialFile()
        do throws(CampusError) {
            let sha256 = try await Self.offThePool { () throws(CampusError) in
                try lookingUp { try index.writeSnapshot(to: partial.path) }
                return try SnapshotFolder.sha256(of: partial)
            }
            let manifest: IndexSnapshotManifest
            do throws(UserStateError) {
                manifest = try await exchange.publishSnapshot(partial, generation: generation, sha256: sha256, as: role)
            } catch {
                throw CampusError.failed("the new index could not be published: \(error.description)")
            }
            status.withLock { $0.latest = manifest.version }
            let file = try folder.install(partial, version: manifest.version)
            try await Self.offThePool { () throws(CampusError) in try self.install(file: file, version: manifest.version, sha256: sha256) }
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }
}

/// The refresher role held by this replica (``IndexSharing/takeRefresherRole()``).
public struct RefresherLease: Sendable {
    let role: any RefresherRole

    /// Raised each time the role changes hands.
    public var epoch: Int64 { role.epoch }
}

/// Runs work one piece after another, in the order asked.
private actor SerialWork {
    private var tail: Task<Void, Never>?

    func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) async -> T {
        let previous = tail
        let task = Task { () -> T in
            await previous?.value
            return await work()
        }
        tail = Task { _ = await task.value }
        return await task.value
    }
}
