import CareModel
import Foundation
import GRDB

extension CareStore {
    /// The change feed after `anchor` (anchored query, like HealthKit's `HKAnchoredObjectQuery`): every outcome added,
    /// replaced, deleted or superseded since, oldest first, at most `limit`, and the anchor to ask with next time.
    /// Change rows are written by triggers in the transaction of the write itself, so a caller that always passes
    /// the returned anchor sees every change exactly once. An anchor later than the newest change throws
    /// `.unknownChangeAnchor`: this store never issued it, and an empty answer would hide that.
    package func changes(since anchor: ChangeAnchor = .empty, limit: Int? = nil) throws(CareStoreError) -> ChangeBatch {
        try read("fetch changes") { db in
            // Anchors come from this store's change numbers (or 0); a later one was issued by another store, or made
            // up.
            let latest = try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM change") ?? 0
            guard anchor.sequence <= latest else {
                throw CareStoreError.unknownChangeAnchor(anchor, latest: ChangeAnchor(sequence: latest))
            }
            let limitClause = limit.map { " LIMIT \(max(0, $0))" } ?? ""
            let rows = try Row.fetchAll(
                db, sql: "SELECT seq, outcomeUUID, kind FROM change WHERE seq > ? ORDER BY seq\(limitClause)",
                arguments: [anchor.sequence])
            guard let last: Int64 = rows.last?["seq"] else { return ChangeBatch(changes: [], anchor: anchor) }
            let outcomes = try OutcomeRecord.fetch(
                where: "o.uuid IN (SELECT outcomeUUID FROM change WHERE seq > ? AND seq <= ?)",
                arguments: [anchor.sequence, last], includeEnded: true, db)
            let byUUID = Dictionary(outcomes.map { ($0.uuid.uuidString, $0) }, uniquingKeysWith: { first, _ in first })
            let changes = try rows.map { row throws(CareStoreError) -> OutcomeChange in
                guard let sequence: Int64 = row["seq"], let uuid: String = row["outcomeUUID"],
                    let text: String = row["kind"],
                    let kind = OutcomeChange.Kind(rawValue: text), let outcome = byUUID[uuid]
                else {
                    throw .corruptRow(table: "change", column: "outcomeUUID/kind", reason: "unknown kind or outcome")
                }
                return OutcomeChange(sequence: sequence, kind: kind, outcome: outcome)
            }
            return ChangeBatch(changes: changes, anchor: ChangeAnchor(sequence: last))
        }
    }

    /// The anchor after the newest change (an exporter starting now, that wants no history).
    package func latestChangeAnchor() throws(CareStoreError) -> ChangeAnchor {
        try read("fetch change anchor") { db in
            ChangeAnchor(sequence: try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM change") ?? 0)
        }
    }
}
