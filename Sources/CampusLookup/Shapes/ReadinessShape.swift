import CampusCore

/// `GET /readyz`: whether the server can answer, and each source's freshness. The problems
/// name nothing of the server's (no path, no address): the log has the details.
///
/// ```json
/// {"ready": true, "problems": [], "index": {"open": true, "generation": 12, "snapshot": null}, "directory": {"answers": true},
///  "state": {"answers": true, "shared": false},
///  "maximumAgeSeconds": 93600,
///  "sources": [{"source": "registrar", "refreshed": true, "lastGood": "2026-11-24T06:00:00Z", "ageSeconds": 3600,
///               "lastAttempt": {"at": "2026-11-24T06:00:00Z", "ok": true, "summary": "202630 replaced, 202640 replaced"}}],
///  "alerts": {"mail": "failing", "setting": "alerts.smtp.password-file", "checkedAt": "2026-11-24T06:01:00Z",
///             "pending": 31, "failing": 1}}
/// ```
public struct ReadinessShape: Encodable, Sendable {
    public struct Index: Encodable, Sendable {
        public var open: Bool
        @Nullable public var generation: Int64?
        /// How the replica stands with the index replicas sharing a user state exchange;
        /// `null` for a server on its own.
        @Nullable public var snapshot: Snapshot?
    }

    /// `role` is `refresher` (it refreshes the index and publishes it) or `reader`; `version`
    /// is the snapshot served (`null` before the first: the index file is served), `latest`
    /// the newest published. `problem` says what keeps the replica from the newest: it
    /// answers from the last good one meanwhile, and stays ready.
    public struct Snapshot: Encodable, Sendable {
        public var role: String
        @Nullable public var version: Int64?
        @Nullable public var latest: Int64?
        @Nullable public var installedAt: String?
        @Nullable public var problem: String?
    }

    public struct Attempt: Encodable, Sendable {
        public var at: String
        public var ok: Bool
        public var summary: String
    }

    public struct Source: Encodable, Sendable {
        public var source: String
        /// Whether the server refreshes it (its age counts toward readiness only then).
        public var refreshed: Bool
        @Nullable public var lastGood: String?
        @Nullable public var ageSeconds: Int?
        @Nullable public var lastAttempt: Attempt?
    }

    /// Whether the campus directory answers log-ins; `answers` is `null` when no directory server is configured.
    public struct Directory: Encodable, Sendable {
        @Nullable public var answers: Bool?
    }

    /// Whether the user-state store answers, and whether other servers share it (PostgreSQL).
    public struct State: Encodable, Sendable {
        /// Whether it answered just now.
        public var answers: Bool
        /// Whether other servers share it (PostgreSQL).
        public var shared: Bool
    }

    public var ready: Bool
    public var problems: [String]
    public var index: Index
    public var directory: Directory
    public var state: State
    public var maximumAgeSeconds: Int
    public var sources: [Source]
    @Nullable public var alerts: Alerts?

    /// How alert e-mail goes (`null` when alerts are not configured): `mail` is `works`,
    /// `failing` (then `setting` names the configuration key to look at) or `unchecked` before
    /// the first pass. Mail trouble delays alerts, never lookups: it does not make `ready` false.
    public struct Alerts: Encodable, Sendable {
        public var mail: String
        @Nullable public var setting: String?
        @Nullable public var checkedAt: String?
        public var pending: Int
        public var failing: Int
    }

    public init(_ readiness: Readiness) {
        ready = readiness.ready
        problems = readiness.problems
        index = Index(open: readiness.indexOpen, generation: readiness.generation, snapshot: readiness.snapshot.map { state in
            Snapshot(role: state.role.rawValue, version: state.version, latest: state.latest,
                     installedAt: state.installedAt.map(Timestamp.text), problem: state.problem)
        })
        directory = Directory(answers: readiness.directoryAnswers)
        state = State(answers: readiness.stateAnswers, shared: readiness.stateShared)
        maximumAgeSeconds = Int(readiness.maximumAge)
        sources = readiness.sources.map { state in
            Source(
                source: state.source.rawValue, refreshed: state.refreshed, lastGood: state.lastGood.map(Timestamp.text),
                ageSeconds: state.age.map { Int($0) },
                lastAttempt: state.lastAttempt.map { Attempt(at: Timestamp.text($0.finishedAt), ok: $0.succeeded, summary: $0.summary) })
        }
        if readiness.alertsConfigured {
            let health = readiness.alerts
            alerts = Alerts(
                mail: health.map { $0.mailWorks ? "works" : "failing" } ?? "unchecked", setting: health?.setting,
                checkedAt: health.map { Timestamp.text($0.checkedAt) }, pending: health?.queue?.pending ?? 0,
                failing: health?.queue?.failing ?? 0)
        }
    }
}

/// `GET /healthz`: `{"status": "ok"}` while the server runs.
public struct HealthShape: Encodable, Sendable {
    public var status = "ok"

    public init() {}
}
