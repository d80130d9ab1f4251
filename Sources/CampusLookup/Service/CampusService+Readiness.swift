import CampusCore
import Foundation
internal import CampusIndex

/// `GET /readyz`: whether the server can answer: its index readable (open, not replaced under
/// it by a file that cannot be read, not removed, not marked damaged), the campus directory
/// answering log-ins, the user-state store answering, and each configured source refreshed
/// within the allowed age.
public struct Readiness: Sendable {
    /// One source's freshness.
    public struct SourceState: Sendable {
        public var source: RefreshSource
        /// Whether the server refreshes it (else its age does not count).
        public var refreshed: Bool
        /// When the index last took good data from it; `nil` if never.
        public var lastGood: Date?
        /// Seconds since `lastGood`.
        public var age: TimeInterval?
        /// The last refresh since the server started, good or failed.
        public var lastAttempt: RefreshOutcome?
    }

    public var ready: Bool
    /// Why not, in words anyone may read: no path, address or name of the server's.
    public var problems: [String]
    /// Why not, with what the log needs to fix it (the index's path, the directory's answer).
    public var details: [String]
    public var indexOpen: Bool
    public var generation: Int64?
    /// Whether the campus directory answered when last asked; `nil` when no directory server is configured.
    public var directoryAnswers: Bool?
    /// Whether the user-state store (sessions, favorites, the record of disclosures) answered just now.
    public var stateAnswers: Bool
    /// Whether the store is shared with other servers (PostgreSQL).
    public var stateShared: Bool
    public var sources: [SourceState]
    public var maximumAge: TimeInterval
    /// How alert e-mail goes: `nil` when alerts are not configured. Mail trouble delays alerts,
    /// never lookups: it is told here, and does not make the server unready.
    public var alerts: AlertHealth?
    /// Whether alerts are configured.
    public var alertsConfigured: Bool
    /// How the replica stands with the index replicas sharing a user state exchange; `nil` for a
    /// server on its own. A snapshot it cannot take in does not make it unready: it answers from
    /// the last good one, and the sources' ages tell when that is too old.
    public var snapshot: SnapshotState?
}

/// Whether the campus directory answered when last asked (a probe or a log-in).
struct DirectoryHealth: Sendable {
    var answers: Bool
    /// What went wrong, for the log.
    var detail: String?
    var checkedAt: Date
}

extension CampusService {
    /// How long the directory's last answer (a probe, a log-in) is believed by `/readyz`.
    static let directoryHealthTime: TimeInterval = 15

    /// Whether lookups and log-ins would work now: the index readable, the directory answering
    /// (asked at most every ``directoryHealthTime``, or told by the last log-in), the user-state
    /// store answering (asked every time), and every refreshed source's last good data young enough.
    public func readiness(now: Date) async -> Readiness {
        var problems: [String] = []
        var details: [String] = []
        var lastGood: [RefreshSource: Date] = [:]
        var generation: Int64?
        do {
            (generation, lastGood) = try indexFreshness()
        } catch {
            problems.append(Self.indexProblem(error))
            details.append("the index cannot be read: \(error.description)")
        }
        let directory = await directoryHealth(now: now)
        if login == nil {
            problems.append("log-in needs the campus directory, and no directory server is configured")
            details.append("no directory server is configured (directory.url and directory.base): nobody can log in")
        } else if let directory, !directory.answers {
            problems.append("the campus directory does not answer, so nobody can log in")
            details.append("the campus directory does not answer: \(directory.detail ?? "no answer")")
        }
        var stateAnswers = true
        do {
            try await state.probe()
        } catch {
            let error = CampusError(error)
            stateAnswers = false
            problems.append("the store of what people keep does not answer, so nobody can log in or look up a record")
            details.append("the user-state store at \(campus.state) does not answer: \(error.description)")
        }
        let attempts = lastRefreshes
        let sources = RefreshSource.allCases.map { source in
            let refreshed = source == .registrar ? refreshesRegistrar : refreshesDirectory
            let age = lastGood[source].map { now.timeIntervalSince($0) }
            if refreshed, generation != nil {
                var problem: String?
                if let age, age > configuration.readyMaxAge {
                    problem = "the \(source.rawValue) was last refreshed \(Int(age / 3600)) hours ago (allowed: \(Int(configuration.readyMaxAge / 3600)))"
                } else if age == nil {
                    problem = "the \(source.rawValue) has never been refreshed into the index"
                }
                if let problem {
                    problems.append(problem)
                    details.append(problem)
                }
            }
            return Readiness.SourceState(source: source, refreshed: refreshed, lastGood: lastGood[source], age: age, lastAttempt: attempts[source])
        }
        return Readiness(ready: problems.isEmpty, problems: problems, details: details, indexOpen: generation != nil,
                         generation: generation, directoryAnswers: directory?.answers, stateAnswers: stateAnswers,
                         stateShared: (try? state.isShared) ?? false, sources: sources,
                         maximumAge: configuration.readyMaxAge, alerts: alertHealth, alertsConfigured: alerts != nil,
                         snapshot: indexSharing?.state)
    }

    /// The index's generation, and when it last took good data from each source (the
    /// registrar: its newest term's crawl; the directory: its last sync), in one read.
    private func indexFreshness() throws(CampusError) -> (generation: Int64, lastGood: [RefreshSource: Date]) {
        try campus.read { reader in
            var lastGood: [RefreshSource: Date] = [:]
            lastGood[.registrar] = try reader.terms().map(\.crawledAt).max()
            lastGood[.directory] = try reader.lastDirectorySync()
            return (try reader.version().generation, lastGood)
        }
    }

    /// When the index last took good data from each source; empty when it cannot be read.
    public func lastGoodData() -> [RefreshSource: Date] {
        (try? indexFreshness().lastGood) ?? [:]
    }

    /// Why the index cannot be read, in words without its path.
    private static func indexProblem(_ error: CampusError) -> String {
        switch error {
        case .indexMissing: "the index file is missing"
        case .indexDamaged: "the index is damaged and must be rebuilt"
        default: "the index cannot be read"
        }
    }

    /// The directory's health: as last seen when recent, else asked now. `nil` without a directory server.
    func directoryHealth(now: Date) async -> DirectoryHealth? {
        guard let login else { return nil }
        if let known = directoryHealthState.withLock({ $0 }), abs(now.timeIntervalSince(known.checkedAt)) < Self.directoryHealthTime {
            return known
        }
        let health: DirectoryHealth
        do {
            try await login.probe()
            health = DirectoryHealth(answers: true, checkedAt: now)
        } catch {
            health = DirectoryHealth(answers: false, detail: error.description, checkedAt: now)
        }
        directoryHealthState.withLock { $0 = health }
        return health
    }

    /// Records what a log-in learnt of the directory.
    func noteDirectory(answered: Bool, detail: String? = nil, now: Date) {
        directoryHealthState.withLock { $0 = DirectoryHealth(answers: answered, detail: detail, checkedAt: now) }
    }

    /// The index's generation and when it was last written: what answers' `ETag`s are made of.
    ///
    /// Read from the index at most every ``versionCacheTime``: a write by another process (a CLI
    /// sync) shows within that time; this server's own refreshes show at once.
    public func indexVersion(now: Date = Date()) throws(CampusError) -> (generation: Int64, changedAt: Date) {
        let snapshot = indexSharing?.state.version
        if let cached = version.withLock({ $0 }), now.timeIntervalSince(cached.readAt) < Self.versionCacheTime, now >= cached.readAt,
           cached.snapshot == snapshot {
            return (cached.generation, cached.changedAt)
        }
        let read = try campus.read { reader in try reader.version() }
        version.withLock { $0 = CachedVersion(generation: read.generation, changedAt: read.changedAt, readAt: now, snapshot: snapshot) }
        return (read.generation, read.changedAt)
    }

    /// How long the index's version is believed without a look.
    static let versionCacheTime: TimeInterval = 0.25

    /// The index's version as last read.
    struct CachedVersion: Sendable {
        var generation: Int64
        var changedAt: Date
        var readAt: Date
        /// The snapshot served when it was read (replicas sharing one index): another one served
        /// since makes it stale at once.
        var snapshot: Int64?
    }
}
