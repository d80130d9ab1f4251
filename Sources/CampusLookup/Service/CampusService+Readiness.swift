import CampusCore
import Foundation
internal import CampusIndex

/// `GET /readyz`: whether the server can answer: its index open, and each configured source
/// refreshed within the allowed age.
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
    /// Why not, in words, when not ready.
    public var problems: [String]
    public var indexOpen: Bool
    public var generation: Int64?
    public var sources: [SourceState]
    public var maximumAge: TimeInterval
}

extension CampusService {
    /// Whether the index opens and every refreshed source's last good data is young enough.
    public func readiness(now: Date) -> Readiness {
        var problems: [String] = []
        var lastGood: [RefreshSource: Date] = [:]
        var generation: Int64?
        do {
            try campus.read { reader in
                generation = try reader.version().generation
                lastGood[.registrar] = try reader.terms().map(\.crawledAt).max()
                lastGood[.directory] = try reader.lastDirectorySync()
            }
        } catch {
            problems.append("the index cannot be read: \(error.description)")
        }
        let attempts = lastRefreshes
        let sources = RefreshSource.allCases.map { source in
            let refreshed = source == .registrar ? refreshesRegistrar : refreshesDirectory
            let age = lastGood[source].map { now.timeIntervalSince($0) }
            if refreshed {
                if let age, age > configuration.readyMaxAge {
                    problems.append("the \(source.rawValue) was last refreshed \(Int(age / 3600)) hours ago (allowed: \(Int(configuration.readyMaxAge / 3600)))")
                } else if age == nil {
                    problems.append("the \(source.rawValue) has never been refreshed into the index")
                }
            }
            return Readiness.SourceState(source: source, refreshed: refreshed, lastGood: lastGood[source], age: age, lastAttempt: attempts[source])
        }
        return Readiness(ready: problems.isEmpty, problems: problems, indexOpen: generation != nil, generation: generation,
                         sources: sources, maximumAge: configuration.readyMaxAge)
    }

    /// The index's generation and when it was last written: what answers' `ETag`s are made of.
    ///
    /// Read from the index at most every ``versionCacheTime``: a write by another process (a CLI
    /// sync) shows within that time; this server's own refreshes show at once.
    public func indexVersion(now: Date = Date()) throws(CampusError) -> (generation: Int64, changedAt: Date) {
        if let cached = version.withLock({ $0 }), now.timeIntervalSince(cached.readAt) < Self.versionCacheTime, now >= cached.readAt {
            return (cached.generation, cached.changedAt)
        }
        let read = try campus.read { reader in try reader.version() }
        version.withLock { $0 = CachedVersion(generation: read.generation, changedAt: read.changedAt, readAt: now) }
        return (read.generation, read.changedAt)
    }

    /// How long the index's version is believed without a look.
    static let versionCacheTime: TimeInterval = 0.25

    /// The index's version as last read.
    struct CachedVersion: Sendable {
        var generation: Int64
        var changedAt: Date
        var readAt: Date
    }
}
