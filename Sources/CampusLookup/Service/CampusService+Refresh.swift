import CampusCore
import Foundation

/// A source the server refreshes the index from.
public enum RefreshSource: String, Sendable, CaseIterable {
    case registrar, directory
}

/// How one refresh went.
public struct RefreshOutcome: Sendable {
    public var source: RefreshSource
    public var startedAt: Date
    public var finishedAt: Date
    /// `nil` when it succeeded; else what went wrong (the previous data stays served).
    public var failure: CampusError?
    /// What it did, in words: `202630 replaced, 202640 replaced`, `incremental: 3 updated`.
    public var summary: String

    public var succeeded: Bool { failure == nil }
}

extension CampusService {
    /// Whether a registrar is configured to refresh from (a URL or a folder of saved pages);
    /// the bundled demo campus is never refreshed into a server's index unasked.
    public var refreshesRegistrar: Bool {
        campus.configuration.registrar.url != nil || campus.configuration.registrar.source != nil
    }

    /// Whether a directory is configured to refresh from (a server, or an LDIF export).
    public var refreshesDirectory: Bool {
        campus.configuration.directory.url != nil || campus.configuration.directory.ldif != nil
    }

    /// Crawls the current and the next term into the index. The index's writer lock is
    /// held only while it runs, so a CLI sync waits for it or it for the CLI's.
    public func refreshRegistrar(now: Date) async -> RefreshOutcome {
        await refresh(.registrar, now: now) { campus throws(CampusError) in
            let outcomes = try await campus.syncRegistrar(
                from: try campus.registrarLocation(source: nil), terms: .defaults, force: false, progress: nil, now: now,
                // The campus clock: a server run from a term gone by (server.clock) crawls that term and the next.
                choosingTermsAt: self.now())
            if let failed = outcomes.first(where: { $0.result.failure != nil }), let failure = failed.result.failure {
                throw failure
            }
            return outcomes.map { "\($0.term.code.rawValue) replaced" }.joined(separator: ", ")
        }
    }

    /// Syncs the directory: incrementally, or in full (the nightly run).
    public func refreshDirectory(full: Bool, now: Date) async -> RefreshOutcome {
        await refresh(.directory, now: now) { campus throws(CampusError) in
            let result = try await campus.syncDirectory(try campus.directorySyncRequest(DirectorySyncOptions(full: full)), now: now)
            let report = result.report
            return "\(report.kind.rawValue): \(report.added) added, \(report.updated) updated, \(report.removed) removed"
        }
    }

    /// The last refresh of each source since the server started.
    public var lastRefreshes: [RefreshSource: RefreshOutcome] {
        refreshes.withLock { $0 }
    }

    private func refresh(
        _ source: RefreshSource, now: Date, _ body: (CampusContext) async throws(CampusError) -> String
    ) async -> RefreshOutcome {
        var outcome = RefreshOutcome(source: source, startedAt: now, finishedAt: now, failure: nil, summary: "")
        do {
            let writer = try campus.separateWriter()
            outcome.summary = try await body(writer)
            // Replicas sharing one index take it from the refresher, as a snapshot.
            do throws(CampusError) {
                try await indexSharing?.publish(from: try writer.writableIndex())
            } catch {
                // The summary is shown by /readyz to anyone: the database's address stays in the log.
                outcome.failure = error
                outcome.summary = "\(outcome.summary); but the new index could not be published to the other replicas (see the log)"
            }
        } catch {
            outcome.failure = error
            outcome.summary = error.description
        }
        outcome.finishedAt = Date()
        let finished = outcome
        refreshes.withLock { $0[source] = finished }
        version.withLock { $0 = nil }
        return outcome
    }
}

extension CampusService {
    /// The next moment after `now` at `minutes` past midnight on the campus clock (the nightly
    /// full directory sync); the campus zone from the index, else from the registrar definition.
    public func nextCampusTime(minutesAfterMidnight minutes: Int, after now: Date) -> Date {
        let zone = (try? campus.read { reader in try campus.termClock(reader).zone }) ?? (try? campus.school().campusDescription.termClock.zone)
        let local = zone?.localTime(secondsSince1970: now.secondsSince1970)
        guard let zone, let local else { return now.addingTimeInterval(86_400) }
        for days in 0...1 {
            let date = local.date.adding(days: days)
            let utc = zone.utc(date, minutes: minutes)
            let moment = Date(timeIntervalSince1970: TimeInterval(utc.date.dayNumber) * 86_400 + TimeInterval(utc.minutes) * 60)
            if moment > now { return moment }
        }
        return now.addingTimeInterval(86_400)
    }
}
