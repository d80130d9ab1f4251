import CampusCore
internal import CampusIndex
import Foundation
internal import Registrar
import Synchronization

/// What a ``CampusContext`` opens on first use and keeps: the index (read-only for
/// lookups, writable for syncs), the user-state store, the registrar definition, and
/// what is made from the index once a generation.
final class CampusResources: Sendable {
    private struct Opened {
        var readOnly: CampusDatabase?
        var writable: CampusDatabase?
        var state: (any UserStateStore)?
        var school: SchoolDefinition?
        /// The snapshot served instead of the file at the path (replicas sharing one index).
        var snapshot: CampusDatabase?
        /// When the open index was last checked against its path.
        var verifiedAt: ContinuousClock.Instant?
    }

    /// How often an open index file is checked against its path: a server follows a file
    /// renamed over it, or removed, or marked damaged, within this time.
    static let verifyInterval: Duration = .milliseconds(250)

    private let indexPath: String?
    private let stateLocation: UserStateLocation?
    private let whenBusy: WhenIndexBusy
    private let loadDefinition: @Sendable () throws(CampusError) -> SchoolDefinition
    private let opened: Mutex<Opened>
    /// Free-room finders by term, each with the stamp of the index it was read from.
    let roomFinders = GenerationCache<TermCode, FreeRoomFinder>()
    /// The campus description the index stores (`nil` when none), decoded once a generation.
    let storedDescriptions = GenerationCache<CampusWide, CampusDescription?>()

    /// Resources opened from files when first asked for.
    init(index: String, state: UserStateLocation, whenBusy: WhenIndexBusy,
         loadDefinition: @escaping @Sendable () throws(CampusError) -> SchoolDefinition) {
        indexPath = index
        stateLocation = state
        self.whenBusy = whenBusy
        self.loadDefinition = loadDefinition
        opened = Mutex(Opened())
    }

    /// Resources already open (tests): the one index serves reads and writes.
    init(index: CampusDatabase, state: any UserStateStore,
         loadDefinition: @escaping @Sendable () throws(CampusError) -> SchoolDefinition) {
        indexPath = nil
        stateLocation = nil
        whenBusy = .refuse
        self.loadDefinition = loadDefinition
        opened = Mutex(Opened(readOnly: index, writable: index, state: state))
    }

    /// Whether the index is a file (not one given open, in memory).
    var hasIndexFile: Bool { indexPath != nil }

    /// The index opened for `access`, kept open; reopened when its path has come to name
    /// another file (an index renamed over it), refused when the file is gone or marked damaged.
    func index(access: IndexAccess) throws(CampusError) -> CampusDatabase {
        if access != .readWrite, let snapshot = opened.withLock({ $0.snapshot }) { return snapshot }
        if let known = opened.withLock({ access == .readWrite ? $0.writable : $0.readOnly ?? $0.writable }) {
            guard let indexPath, isDueForCheck() else { return known }
            // A writer opens the file anew (creating it, checking it, clearing a mark it disproves).
            if access != .readWrite, let damage = CampusDatabase.recordedDamage(atPath: indexPath) {
                throw CampusError.indexDamaged(path: indexPath, detail: "\(indexPath) is damaged (\(damage)); nothing reads it until it is rebuilt")
            }
            switch known.fileState {
            case .current:
                opened.withLock { $0.verifiedAt = ContinuousClock.now }
                return known
            case .missing where access != .readWrite:
                forgetIndex()
                throw CampusError.indexMissing(path: indexPath)
            case .missing, .replaced:
                forgetIndex()
            }
        }
        guard let indexPath else { throw CampusError.indexMissing(path: "memory") }
        let database = try lookingUp { try CampusDatabase.open(path: indexPath, access: access, whenBusy: whenBusy) }
        opened.withLock { if access == .readWrite { $0.writable = database } else { $0.readOnly = database } }
        return database
    }

    /// Whether the open index is due for a look at its path: ``verifyInterval`` after the last
    /// look that found it well, and at every use while it is not.
    private func isDueForCheck() -> Bool {
        let now = ContinuousClock.now
        return opened.withLock { opened in opened.verifiedAt.map { now - $0 >= Self.verifyInterval } ?? true }
    }

    /// Drops the index files kept open, both of them files the path no longer names (reads
    /// and writes under way finish on them).
    private func forgetIndex() {
        opened.withLock { opened in
            opened.readOnly = nil
            opened.writable = nil
        }
        // What was made from the files no longer read is of no more use (and holds them open).
        forgetDerived()
    }

    /// Serves `snapshot` to lookups from now on, instead of the index file at the path; lookups
    /// under way finish on the index they began with.
    func adopt(snapshot: CampusDatabase) {
        opened.withLock { $0.snapshot = snapshot }
        forgetDerived()
    }

    func userState() throws(CampusError) -> any UserStateStore {
        if let known = opened.withLock({ $0.state }) { return known }
        guard let stateLocation else { throw CampusError.userState("no user-state store") }
        let store = try UserStateOpening.open(stateLocation, indexPath: indexPath)
        opened.withLock { $0.state = store }
        return store
    }

    /// Drops what was made from the index read until now.
    private func forgetDerived() {
        roomFinders.removeAll()
        storedDescriptions.removeAll()
    }

    func school() throws(CampusError) -> SchoolDefinition {
        if let known = opened.withLock({ $0.school }) { return known }
        let school = try loadDefinition()
        opened.withLock { $0.school = school }
        return school
    }
}

/// What the index holds once for the whole campus.
enum CampusWide: Hashable, Sendable {
    case description
}
