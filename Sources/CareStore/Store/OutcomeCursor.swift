package import CareModel
package import Foundation
import GRDB

/// Live outcomes handed over one at a time, values attached, in event order (event start, then created date, then
/// the order they were stored): an export reads them from one statement and never holds them all
/// (docs/carekit-store.md, "Reading outcomes in order").
///
/// A cursor lives only inside the `CareStore.readingOutcomes` call that made it.
package final class OutcomeCursor {
    private let rows: RowCursor
    private let store: CareStore
    /// The first row of the next outcome, read while looking for the end of the one before.
    private var pending: Row?

    fileprivate init(rows: RowCursor, store: CareStore) {
        self.rows = rows
        self.store = store
    }

    /// The next outcome, or nil after the last.
    package func next() throws(CareStoreError) -> Outcome? {
        do {
            guard let first = try pending ?? rows.next()?.copy(), let columns = first.scopes["outcome"] else {
                return nil
            }
            pending = nil
            let uuid: String? = columns["uuid"]
            var outcome = try OutcomeRecord.decode(columns)
            try Self.appendValue(of: first, to: &outcome)
            while let row = try rows.next() {
                guard row.scopes["outcome"]?["uuid"] == uuid else {
                    pending = row.copy()
                    break
                }
                try Self.appendValue(of: row, to: &outcome)
            }
            return outcome
        } catch let error as CareStoreError {
            throw error
        } catch {
            throw store.failure(error, operation: "read outcomes")
        }
    }

    /// Appends the value in `row`'s value columns, if it has one (an outcome without values has one row of NULLs).
    private static func appendValue(of row: Row, to outcome: inout Outcome) throws {
        guard let value = row.scopes["value"], value["outcomeUUID"] as String? != nil else { return }
        outcome.values.append(try OutcomeRecord.decodeValue(value))
    }
}

/// One read transaction of a store, in which outcome cursors are opened: every cursor sees the same snapshot.
package struct OutcomeSnapshot {
    private let db: Database
    private let store: CareStore

    fileprivate init(db: Database, store: CareStore) {
        self.db = db
        self.store = store
    }

    /// The live outcomes of task `taskID` (any version), having a value of `kind`, whose event overlaps [start, end)
    /// (each filter only when given; the same selection as `CareStore.outcomes(taskID:kind:from:to:)`), in event order.
    package func outcomes(
        taskID: String? = nil, kind: String? = nil, from start: Date? = nil, to end: Date? = nil
    ) throws(CareStoreError) -> OutcomeCursor {
        let (condition, arguments) = try CareStore.outcomeCondition(taskID: taskID, kind: kind, from: start, to: end)
        do {
            let outcomeColumns = try db.columns(in: "outcome").count
            // Not a cached statement: several cursors of one snapshot may step at once. The event-time index gives
            // the order, so only outcomes of one event start are ever sorted together; left to itself, SQLite would
            // find one task's outcomes by task and sort them all in memory.
            let statement = try db.makeStatement(
                sql: """
                    SELECT o.*, v.* FROM outcome o INDEXED BY outcome_by_event_time LEFT JOIN outcomeValue v ON v.outcomeUUID = o.uuid
                    WHERE o.deletedDate IS NULL AND (\(condition))
                    ORDER BY o.eventStart, o.createdDate, o.seq, v.ordinal
                    """)
            let adapter = ScopeAdapter([
                "outcome": RangeRowAdapter(0..<outcomeColumns), "value": SuffixRowAdapter(fromIndex: outcomeColumns),
            ])
            return OutcomeCursor(
                rows: try Row.fetchCursor(statement, arguments: arguments, adapter: adapter), store: store)
        } catch {
            throw store.failure(error, operation: "read outcomes")
        }
    }

    /// The task id of task version `uuid`; nil when no such version is stored.
    package func taskID(ofVersion uuid: UUID) throws(CareStoreError) -> String? {
        do {
            return try TaskRecord.version(uuid: uuid, db)?.id
        } catch let error as CareStoreError {
            throw error
        } catch {
            throw store.failure(error, operation: "read task version")
        }
    }
}

extension CareStore {
    /// Runs `body` in one read transaction with the outcome cursors it opens; `body`'s own failure comes back in its
    /// `Result`, the store's as a thrown `CareStoreError`.
    package func readingOutcomes<T, Failure: Error>(
        _ body: (OutcomeSnapshot) -> Result<T, Failure>
    ) throws(CareStoreError) -> Result<T, Failure> {
        try read("read outcomes") { db in body(OutcomeSnapshot(db: db, store: self)) }
    }
}
