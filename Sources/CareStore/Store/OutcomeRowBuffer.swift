import CareModel
import Foundation
import GRDB
import RegimenFoundation

/// Outcome rows and their value rows waiting to be written, in the order they were appended, by multi-row INSERTs
/// (`MultiRowInsert`).
///
/// Rows go in append order, outcomes before the values that reference them, so the change feed (written by the insert
/// trigger, or right after the INSERT where the store holds its triggers back: `OutcomeInsertTriggers`) sees them in
/// the same order as single inserts would. Whoever writes anything else to `outcome` in the same transaction (an
/// UPDATE ending an outcome, a read of outcomes) writes the queue first (`takeWrite`).
///
/// The arguments are built on the thread that decides the rows; `takeWrite` hands them over as one job for the
/// database's thread (`IngestPipe`), where the statements live.
struct OutcomeRowBuffer {
    /// Outcomes per INSERT statement (14 arguments each). 128, not more: a statement's compiled program and the rows
    /// in flight grow with it, and 256 was no faster (docs/performance.md, "Rows per statement").
    static let outcomesPerStatement = 128
    /// Values per INSERT statement (`OutcomeRecord.valueColumns` arguments each): two per outcome, as a check-in has.
    static let valuesPerStatement = 256
    /// Bytes of text (and blobs) after which the rows are written whatever their number: long text answers must not
    /// make one write hold much memory.
    static let bytesPerWrite = 8 << 20

    private let inserts = OutcomeInserts()
    /// Whether the store holds its outcome insert triggers back, so that each write writes their rows too.
    private let writingTriggerRows: Bool
    private var outcomeArguments = BoundRows()
    private var outcomeCount = 0
    private var valueArguments = BoundRows()
    private var valueCount = 0

    /// An empty queue; `writingTriggerRows` when the store holds its outcome insert triggers back
    /// (`OutcomeInsertTriggers.areHeldBack`).
    init(writingTriggerRows: Bool) {
        self.writingTriggerRows = writingTriggerRows
    }

    /// Whether nothing waits to be written.
    var isEmpty: Bool { outcomeCount == 0 && valueCount == 0 }

    /// Queues `outcome` and its values; true when a statement's worth has gathered, to be written now.
    mutating func append(_ outcome: Outcome) -> Bool {
        if outcomeArguments.count == 0 {
            outcomeArguments.reserve(
                arguments: Self.outcomesPerStatement * 14, textBytes: Self.outcomesPerStatement * 256)
        }
        if valueArguments.count == 0 {
            valueArguments.reserve(
                arguments: Self.valuesPerStatement * OutcomeRecord.valueColumns, textBytes: Self.valuesPerStatement * 64
            )
        }
        outcomeArguments.append(outcome.uuid)
        outcomeArguments.append(outcome.id)
        outcomeArguments.append(outcome.taskVersionUUID)
        outcomeArguments.append(outcome.occurrence)
        outcomeArguments.append(outcome.taskRunUUID)
        outcomeArguments.append(outcome.resultFile)
        outcomeArguments.append(outcome.createdDate)
        outcomeArguments.append(outcome.deletedDate)
        outcomeArguments.append(outcome.eventStart)
        outcomeArguments.append(outcome.eventEnd)
        outcomeArguments.append(outcome.syncID)
        outcomeArguments.append(outcome.syncVersion)
        outcomeArguments.append(outcome.runEndDate)
        outcomeArguments.append(outcome.endReason?.rawValue)
        outcomeCount += 1
        for (ordinal, value) in outcome.values.enumerated() {
            OutcomeRecord.appendValueRow(value, ordinal: ordinal, outcomeUUID: outcome.uuid, to: &valueArguments)
            valueCount += 1
        }
        return outcomeCount >= Self.outcomesPerStatement || valueCount >= Self.valuesPerStatement
            || outcomeArguments.byteCount + valueArguments.byteCount >= Self.bytesPerWrite
    }

    /// Empties the queue into one job writing its rows, outcomes first (values reference them), each kind in as few
    /// statements as fit; nil when nothing waits.
    mutating func takeWrite() -> IngestPipe.Job? {
        guard !isEmpty else { return nil }
        let outcomes = outcomeArguments
        let outcomeRows = outcomeCount
        let values = valueArguments
        let valueRows = valueCount
        outcomeArguments = BoundRows()
        valueArguments = BoundRows()
        outcomeCount = 0
        valueCount = 0
        let inserts = inserts
        let writingTriggerRows = writingTriggerRows
        return { db in
            let before = writingTriggerRows ? try OutcomeInsertTriggers.lastRow(db) : 0
            try inserts.outcome.write(outcomes, rows: outcomeRows, db)
            if writingTriggerRows { try OutcomeInsertTriggers.writeRows(after: before, db) }
            try inserts.value.write(values, rows: valueRows, db)
        }
    }
}

/// The INSERT statements of `OutcomeRowBuffer`, used on the database's thread only.
private final class OutcomeInserts {
    var outcome = MultiRowInsert(
        """
        outcome (uuid, id, taskUUID, occurrence, taskRunUUID, resultFile, createdDate, deletedDate, eventStart, eventEnd, \
        syncID, syncVersion, runEndDate, endReason)
        """,
        columns: 14, rowsPerStatement: OutcomeRowBuffer.outcomesPerStatement)
    var value = MultiRowInsert(
        OutcomeRecord.valueTable, columns: OutcomeRecord.valueColumns,
        rowsPerStatement: OutcomeRowBuffer.valuesPerStatement)
}
