package import CareModel
package import Foundation
import GRDB

extension CareStore {
    /// CareKit's `fetchAdherence` (docs/carekit-store.md, "Adherence") for tasks with `impactsAdherence`, as
    /// `AdherenceCalculator` (CareModel) counts it: one entry per day index from `start` up to the day index of `end`.
    package func adherence(from start: Date, to end: Date, calendar: Calendar) throws(CareStoreError) -> [Adherence] {
        guard start <= end else { throw .invalidInterval(from: start, to: end) }
        return try read("fetch adherence") { db in
            let chains = try TaskRecord.allVersions(db, cache: taskCache).map(VersionChain.init)
            return try Self.adherence(of: chains, from: start, to: end, calendar: calendar, known: nil, db)
        }
    }

    /// The adherence of `chains`' tasks that impact adherence, as `adherence(from:to:calendar:)` defines it. `known`
    /// holds events already fetched in this transaction (outcomes attached): when they include every event the
    /// adherence counts, the outcomes are not fetched again.
    static func adherence(
        of allChains: [VersionChain], from start: Date, to end: Date, calendar: Calendar, known: [Event]?,
        _ db: Database
    ) throws -> [Adherence] {
        let calculator = AdherenceCalculator(chains: allChains, from: start, to: end, calendar: calendar)
        guard !calculator.chains.isEmpty else { return calculator.adherence(events: []) }
        let events = ChainEvents(chains: calculator.chains, from: start, to: end)
        return calculator.adherence(events: try known.flatMap(events.events(among:)) ?? Self.events(of: events, db))
    }
}
