import CareModel
import Foundation
import Testing

@testable import CareStore

/// A store filled unseen looks up only the sync identifiers its own ingests may have written (`StagedSyncIDs`); the
/// record must never hide a row: it holds only while the outcome table ends where the last recorded batch left it.
@Suite("Care store: the sync identifiers a new store's ingests wrote")
struct StagedSyncIDsTests {
    @Test(
        "recorded identifiers are looked up, others not; a table that moved on without a recorded batch drops the record for good"
    )
    func recordAndDrop() throws {
        let known = StagedSyncIDs()
        let items = [StoreIngestTests.item("a"), StoreIngestTests.item("b")]
        #expect(known.current(lastSeq: 0)?.mayHold(["a"]) == [])
        known.record(items[...], lastSeq: 2)
        #expect(known.current(lastSeq: 2)?.mayHold(["a", "c", "b"]) == ["a", "b"])
        // Another writer added a row: nothing is left out any more, even should the table come back to that seq.
        #expect(known.current(lastSeq: 3) == nil)
        known.record([StoreIngestTests.item("d")][...], lastSeq: 4)
        #expect(known.current(lastSeq: 2) == nil)
        #expect(known.current(lastSeq: 4) == nil)
    }

    @Test(
        "a new store: versions of one sync identifier in later batches replace the earlier ones, as in a store read whole"
    )
    func laterBatchesFindEarlierOnes() throws {
        let store = try StoreIngestTests.store(.staged)
        #expect(try store.ingest((1...200).map { StoreIngestTests.item("run-\($0)", day: $0) }).count == 200)
        let second = try store.ingest([
            StoreIngestTests.item("run-7", day: 7, version: 2, pain: 9), StoreIngestTests.item("run-201", day: 201),
        ])
        #expect(second.map { try? $0.get().disposition } == [.replaced(previousVersion: 1), .added])
        let third = try store.ingest([StoreIngestTests.item("run-7", day: 7, version: 2, pain: 9)])
        #expect(third.map { try? $0.get().disposition } == [.unchanged])
    }
}
