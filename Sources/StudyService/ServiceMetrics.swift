import Prometheus

/// The service's Prometheus metrics, served at `/metrics` (docs/study-service.md, "Monitoring"): requests by route and
/// status, their latency by route, database connections in use, pushes, pulls, enrollments and conflicts.
final class ServiceMetrics: Sendable {
    /// The registry `/metrics` emits.
    let registry = PrometheusCollectorRegistry()
    private let inUse: Gauge
    private let pushes: Counter
    private let pulls: Counter
    private let enrollments: Counter
    private let conflicts: Counter

    /// Latency buckets: 1 ms to 5 s.
    private static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(5),
    ]

    init() {
        inUse = registry.makeGauge(
            name: "regimen_database_connections_in_use", help: "Connections leased from the pool now")
        pushes = registry.makeCounter(name: "regimen_pushes_total", help: "Pushes stored")
        pulls = registry.makeCounter(name: "regimen_pulls_total", help: "Pull pages served")
        enrollments = registry.makeCounter(name: "regimen_enrollments_total", help: "Devices enrolled")
        conflicts = registry.makeCounter(name: "regimen_conflicts_total", help: "Conflicts the rule decided in pushes")
    }

    /// Counts a finished request.
    func request(route: String, method: String, status: Int, duration: Duration) {
        registry.makeCounter(
            name: "regimen_http_requests_total",
            labels: [("route", route), ("method", method), ("status", String(status))]
        ).increment()
        registry.makeDurationHistogram(
            name: "regimen_http_request_duration_seconds", labels: [("route", route)], buckets: Self.buckets
        ).record(duration)
    }

    /// A connection leased (`+1`) or returned (`-1`).
    func connectionsInUse(_ change: Int) {
        if change > 0 { inUse.increment(by: Double(change)) } else { inUse.decrement(by: Double(-change)) }
    }

    /// A push stored, with the conflicts it decided.
    func pushed(conflicts count: Int) {
        pushes.increment()
        if count > 0 { conflicts.increment(by: Int64(count)) }
    }

    /// A pull page served.
    func pulled() { pulls.increment() }

    /// A device enrolled.
    func enrolled() { enrollments.increment() }

    /// The text exposition of every metric.
    func text() -> String { registry.emitToString() }
}
