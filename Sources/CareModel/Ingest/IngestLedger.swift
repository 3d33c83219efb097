package import Foundation

/// The ingest rules of `CareStore.ingest` (docs/carekit-store.md), storage-agnostic: what a store holds for a batch's
/// sync identifiers and events, read from `Source` with a few range reads up front and kept current in memory as items
/// are decided, and each task's events over the batch's days computed once (per-item reads and schedule walks cost more
/// than the writes themselves). Each decision comes back as writes for the store to apply, in order, before the next.
package struct IngestLedger<Source: IngestLedgerSource> {
    /// Where the ledger reads; an adapter may write through it between decisions (e.g. a queue of new rows).
    package var source: Source
    private var state: IngestLedgerState

    /// Reads what `source` holds for `items` (see `IngestLedgerState`).
    package init(items: ArraySlice<OutcomeIngest>, source: Source) throws {
        var source = source
        state = try IngestLedgerState(items: items, source: &source)
        self.source = source
    }

    /// Decides one item (see `CareStore.ingest(_:)`): `newUUID` names the row it would insert. Refusals (unknown task,
    /// deleted task, no event that day) throw `IngestRefusal` and write nothing; every check comes before the writes.
    package mutating func ingest(_ item: OutcomeIngest, newUUID: UUID) throws -> (
        report: IngestReport, writes: [IngestWrite]
    ) {
        try state.ingest(item, newUUID: newUUID, source: &source)
    }
}
