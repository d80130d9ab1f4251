import CampusLookup
import Foundation
import Metrics
import Prometheus

/// The server's metrics in Prometheus's text format (`GET /metrics`), through swift-prometheus
/// as the swift-metrics backend: Hummingbird's requests and latency per route and status, and
/// the campus's own: failed and throttled log-ins, refreshes (duration and outcome), the
/// index's size and counts. Hummingbird's metrics go through swift-metrics, bootstrapped once
/// per process (``requests``); the campus's own are each server's (``registry``), so that
/// servers sharing a process (the tests') count only their own.
final class ServerMetrics: Sendable {
    /// The swift-metrics backend's registry, one per process.
    static let requests: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.nameAndLabelSanitizer = { name, labels in
            (ServerMetrics.sanitized(name), labels.map { (ServerMetrics.sanitized($0.0), $0.1) })
        }
        MetricsSystem.bootstrap(factory)
        return registry
    }()

    /// This server's own metrics.
    let registry = PrometheusCollectorRegistry()

    /// A server's metrics; swift-metrics is bootstrapped with the first.
    init() {
        _ = Self.requests
    }

    /// A failed log-in.
    func loginFailed() {
        registry.makeCounter(descriptor: Self.name("login_failures", "total", "Log-ins refused for a wrong username or password.")).increment()
    }

    /// A log-in refused by the throttle without asking the directory.
    func loginThrottled() {
        registry.makeCounter(descriptor: Self.name("login_throttled", "total", "Log-ins refused by the throttle.")).increment()
    }

    /// One refresh, its duration and outcome.
    func refreshed(_ outcome: RefreshOutcome) {
        let labels = [("source", outcome.source.rawValue), ("outcome", outcome.succeeded ? "ok" : "failed")]
        registry.makeCounter(descriptor: Self.name("refreshes", "total", "Refreshes of the index by source and outcome."), labels: labels).increment()
        registry.makeDurationHistogram(
            descriptor: Self.name("refresh_duration", "seconds", "How long refreshes took."), labels: [("source", outcome.source.rawValue)],
            buckets: [.seconds(1), .seconds(5), .seconds(15), .seconds(60), .seconds(300), .seconds(900)]
        ).record(.milliseconds(Int64(outcome.finishedAt.timeIntervalSince(outcome.startedAt) * 1000)))
    }

    /// One pass of the alert service: what it sent, and how the mail service and the queue stand.
    func alerted(_ health: AlertHealth) {
        if let pass = health.lastPass {
            for (outcome, count) in [("sent", pass.sent), ("kept", pass.kept), ("dropped", pass.dropped), ("failed", pass.failed)] where count > 0 {
                registry.makeCounter(
                    descriptor: Self.name("alerts", "total", "Alert deliveries by outcome: sent, kept (inbox only), dropped, failed."),
                    labels: [("outcome", outcome)]
                ).increment(by: Int64(count))
            }
        }
        registry.makeGauge(descriptor: Self.name("alert_mail", "up", "Whether the mail service took the last alert or answered the last check."))
            .set(health.mailWorks ? 1.0 : 0.0)
        if let queue = health.queue {
            registry.makeGauge(descriptor: Self.name("alerts_pending", "count", "Alerts waiting to be sent.")).set(Double(queue.pending))
            registry.makeGauge(descriptor: Self.name("alerts_failing", "count", "Alerts waiting after a failed attempt.")).set(Double(queue.failing))
        }
    }

    /// The text of every metric, the index's gauges read now.
    func text(service: CampusService) -> [UInt8] {
        let gauges = service.indexGauges()
        registry.makeGauge(descriptor: Self.name("index", "bytes", "The index file's size.")).set(Double(gauges.bytes))
        for term in gauges.terms {
            let labels = [("term", term.term.rawValue)]
            registry.makeGauge(descriptor: Self.name("index", "sections", "Sections of each indexed term."), labels: labels)
                .set(Double(term.sections))
            registry.makeGauge(descriptor: Self.name("index", "people", "People of each indexed term."), labels: labels)
                .set(Double(term.people))
        }
        if let generation = gauges.generation {
            registry.makeGauge(descriptor: Self.name("index", "generation", "The index's generation (raised by every write)."))
                .set(Double(generation))
        }
        if let sharing = service.indexSharing {
            let state = sharing.state
            registry.makeGauge(descriptor: Self.name("refresher_role", "held", "Whether this replica holds the refresher role."))
                .set(state.role == .refresher ? 1.0 : 0.0)
            registry.makeGauge(descriptor: Self.name("index_snapshot", "version", "The index snapshot served (0 before the first)."))
                .set(Double(state.version ?? 0))
            registry.makeGauge(descriptor: Self.name("index_snapshot_behind", "up", "Whether a newer snapshot is published than can be taken in."))
                .set(state.problem == nil ? 0.0 : 1.0)
        }
        return Self.requests.emitToBuffer() + registry.emitToBuffer()
    }

    /// `campus_NAME_UNIT`, with its help text.
    private static func name(_ name: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "campus", metricName: name, unitName: unit, helpText: help)
    }

    /// `http_server_request_duration` for `http.server.request.duration`: Prometheus names are `[a-zA-Z_:][a-zA-Z0-9_:]*`.
    static func sanitized(_ name: String) -> String {
        String(name.unicodeScalars.map { scalar in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || scalar == "_" || scalar == ":" ? Character(scalar) : "_"
        })
    }
}
