import CareModel
import Foundation
import GRDB
import RegimenFoundation

/// Outcome rows and their value rows waiting to be written, in the order they were appended, by multi-row INSERTs
/// (`MultiRowInsert`).
///
/// Rows go in append order, outcomes before the values that reference them, so the change feed (written by the insert
/// trigger) sees them in the same order as single inserts would. Whoever writes anything else to `outcome` in the same
/// transaction (an UPDATE ending an outcome, a read of outcomes) writes the queue first (`takeWrite`).
///
/// The arguments are built on the thread that decides the rows; `takeWrite` hands them over as one job for the
/// database's thread (`IngestPipe`), where the statements live.
struct OutcomeRowBuffer {
    /// Outcomes per INSERT statement (14 arguments each).
    static let outcomesPerStatement = 256
    /// Values per INSERT statement (7 arguments each).
    static let valuesPerStatement = 512

    private let inserts = OutcomeInserts()
    private var outcomeArguments: [DatabaseValue] = []
    private var outcomeCount = 0
    private var valueArguments: [DatabaseValue] = []
    private var valueCount = 0

    /// Whether nothing waits to be written.
    var isEmpty: Bool { outcomeCount == 0 && valueCount == 0 }

    /// Queues `outcome` (its row text `uuid` and task version text `taskUUID` already made) and its values; true when a
    /// statement's worth has gathered, to be written now.
    mutating func append(_ outcome: Outcome, uuid: String, taskUUID: String) -> Bool {
        if outcomeArguments.isEmpty { outcomeArguments.reserveCapacity(Self.outcomesPerStatement * 14) }
        if valueArguments.isEmpty { valueArguments.reserveCapacity(Self.valuesPerStatement * 7) }
        func optional(_ value: (some DatabaseValueConvertible)?) -> DatabaseValue { value?.databaseValue ?? .null }
        func seconds(_ date: Date?) -> DatabaseValue { optional(date?.timeIntervalSinceReferenceDate) }
        outcomeArguments.append(uuid.databaseValue)
        outcomeArguments.append(outcome.id.databaseValue)
        outcomeArguments.append(taskUUID.databaseValue)
        outcomeArguments.append(outcome.occurrence.databaseValue)
        outcomeArguments.append(optional(outcome.taskRunUUID?.text))
        outcomeArguments.append(optional(outcome.resultFile))
        outcomeArguments.append(seconds(outcome.createdDate))
        outcomeArguments.append(seconds(outcome.deletedDate))
        outcomeArguments.append(seconds(outcome.eventStart))
        outcomeArguments.append(seconds(outcome.eventEnd))
        outcomeArguments.append(optional(outcome.syncID))
        outcomeArguments.append(outcome.syncVersion.databaseValue)
        outcomeArguments.append(seconds(outcome.runEndDate))
        outcomeArguments.append(optional(outcome.endReason?.rawValue))
        outcomeCount += 1
        for (ordinal, value) in outcome.values.enumerated() {
            valueArguments.append(contentsOf: OutcomeRecord.valueArguments(value, ordinal: ordinal, outcomeUUID: uuid))
            valueCount += 1
        }
        return outcomeCount >= Self.outcomesPerStatement || valueCount >= Self.valuesPerStatement
    }

    /// Empties the queue into one job writing its rows, outcomes first (values reference them), each kind in as few
    /// statements as fit; nil when nothing waits.
    mutating func takeWrite() -> IngestPipe.Job? {
        guard !isEmpty else { return nil }
        let outcomes = outcomeArguments
        let outcomeRows = outcomeCount
        let values = valueArguments
        let valueRows = valueCount
        outcomeArguments = []
        valueArguments = []
        outcomeCount = 0
        valueCount = 0
        let inserts = inserts
        return { db in
            try inserts.outcome.write(outcomes[...], rows: outcomeRows, db)
            try inserts.value.write(values[...], rows: valueRows, db)
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
        "outcomeValue (outcomeUUID, ordinal, type, value, kind, units, createdDate)", columns: 7,
        rowsPerStatement: OutcomeRowBuffer.valuesPerStatement)
}
