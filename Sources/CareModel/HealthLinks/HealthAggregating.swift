/// What the derivation asks of the Health data (docs/health-export.md, "Linked tasks"): the number `link` gives over
/// `window`, in the link's units, or nil when nothing of the link's type (no sample, no workout) falls in the window
/// — the event then gets no outcome.
package protocol HealthAggregating {
    /// The aggregated number, or nil for no data in the window.
    func value(for link: HealthLink, window: HealthWindow) -> Double?
}
