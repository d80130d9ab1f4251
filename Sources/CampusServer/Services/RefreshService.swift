import CampusLookup
import Foundation
import Logging
import ServiceLifecycle

/// Keeps the index fresh while the server runs: the registrar (current and next term) and
/// the directory (incremental, and in full nightly) on the configured schedules, one at a
/// time, and hourly the removal of ended sessions, old failed log-ins and disclosures past
/// the retention. A failed refresh keeps the previous data served; it is logged, counted,
/// and shown by `/readyz`. Stops between refreshes at a graceful shutdown.
struct RefreshService: Service {
    let service: CampusService
    let metrics: ServerMetrics
    let logger: Logger

    private enum Job: Hashable {
        case registrar, directory, fullDirectory, housekeeping
    }

    func run() async throws {
        guard let sharing = service.indexSharing else {
            await refreshLoop(continuing: false)
            return
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await follow(sharing) }
            group.addTask { await contend(sharing) }
        }
    }

    /// Takes in each snapshot the refresher publishes, logging what changes.
    private func follow(_ sharing: IndexSharing) async {
        var told = sharing.state
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            await sharing.installNewest()
            let now = sharing.state
            if now.version != told.version, let version = now.version {
                logger.info("serving index snapshot", metadata: ["version": .stringConvertible(version)])
            }
            if now.detail != told.detail {
                if let detail = now.detail {
                    logger.warning("index snapshot not taken in; the last good one stays served", metadata: ["detail": .string(detail)])
                } else if told.detail != nil {
                    logger.info("index snapshots taken in again")
                }
            }
            told = now
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: IndexSharing.followEvery) }
        }
    }

    /// Takes the refresher role whenever no replica holds it, and refreshes while it holds it.
    private func contend(_ sharing: IndexSharing) async {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            if let lease = await sharing.takeRefresherRole() {
                logger.info("took the refresher role", metadata: ["epoch": .stringConvertible(lease.epoch)])
                await sharing.holding(lease) { await refreshLoop(continuing: true) }
                logger.info("the refresher role is given up", metadata: ["epoch": .stringConvertible(lease.epoch)])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: IndexSharing.contendEvery) }
        }
    }

    /// The refresh schedule, until a graceful shutdown or cancellation. `continuing`: each
    /// source is next due its interval after the index last took good data from it (a replica
    /// taking over the refresher role goes on with the schedule); else after the server started.
    private func refreshLoop(continuing: Bool) async {
        let configuration = service.configuration
        let start = Date()
        let missingIndex = (try? service.indexVersion()) == nil
        let lastGood = continuing ? service.lastGoodData() : [:]
        func firstDue(_ source: RefreshSource, every: TimeInterval) -> Date {
            if missingIndex { return start }
            guard continuing else { return start.addingTimeInterval(every) }
            return max(start, lastGood[source]?.addingTimeInterval(every) ?? start)
        }
        var due: [Job: Date] = [.housekeeping: start]
        if service.refreshesRegistrar, let every = configuration.registrarRefresh {
            due[.registrar] = firstDue(.registrar, every: every)
        }
        if service.refreshesDirectory {
            if let every = configuration.directoryRefresh { due[.directory] = firstDue(.directory, every: every) }
            if let minutes = configuration.directoryFullAt {
                due[.fullDirectory] = service.nextCampusTime(minutesAfterMidnight: minutes, after: start)
            }
        }
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            guard let (job, when) = due.min(by: { $0.value < $1.value }) else { return }
            let wait = when.timeIntervalSinceNow
            if wait > 0 {
                try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(wait)) }
                continue
            }
            let now = Date()
            switch job {
            case .registrar:
                report(await service.refreshRegistrar(now: now))
                due[.registrar] = Date().addingTimeInterval(configuration.registrarRefresh ?? 86_400)
            case .directory:
                report(await service.refreshDirectory(full: false, now: now))
                due[.directory] = Date().addingTimeInterval(configuration.directoryRefresh ?? 86_400)
            case .fullDirectory:
                report(await service.refreshDirectory(full: true, now: now))
                due[.fullDirectory] = service.nextCampusTime(minutesAfterMidnight: configuration.directoryFullAt ?? 150, after: Date())
            case .housekeeping:
                do {
                    // Sessions and links are made on the campus clock (server.clock moves it); so they end.
                    try await service.removeExpired(now: service.now())
                } catch {
                    logger.warning("housekeeping failed", metadata: ["detail": .string(error.description)])
                }
                due[.housekeeping] = Date().addingTimeInterval(3600)
            }
        }
    }

    private func report(_ outcome: RefreshOutcome) {
        metrics.refreshed(outcome)
        let metadata: Logger.Metadata = [
            "source": .string(outcome.source.rawValue),
            "seconds": .string(String(format: "%.1f", outcome.finishedAt.timeIntervalSince(outcome.startedAt))),
            "summary": .string(outcome.summary),
        ]
        if outcome.succeeded {
            logger.info("refreshed", metadata: metadata)
        } else {
            var metadata = metadata
            if let failure = outcome.failure, failure.description != outcome.summary { metadata["detail"] = .string(failure.description) }
            logger.error("refresh failed; the previous data stays served", metadata: metadata)
        }
    }
}
