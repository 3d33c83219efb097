package import CareModel
package import Foundation
import GRDB

extension CareStore {
    /// Makes the store match a task defined by a survey file (compared by `sourceDigest`).
    ///
    /// Absent → added as given. Same digest → unchanged. Changed → a new version effective from the start of "today"
    /// (`now` in `calendar`), or, if that would hide events that already have outcomes (their start ≥ that date), from
    /// one second after the end of the latest such event — one second after, because an event whose end equals a
    /// version's effective date would otherwise also be returned, unanswered, by the new version (docs/schedules.md,
    /// "The event query for [A, B)": events with end ≥ query start are included). Events with outcomes are never
    /// changed. A deleted task is reported as `taskDeleted`.
    @discardableResult
    package func ensureTask(_ definition: CareTask, now: Date, calendar: Calendar) throws(CareStoreError)
        -> TaskEnsureResult
    {
        try write("ensure task") { db in
            let chain = VersionChain(versions: try TaskRecord.versions(id: definition.id, db))
            guard let tip = chain.tip else {
                return .added(try Self.insertFirstVersion(definition, now: now, db))
            }
            guard !chain.isDeleted else { throw CareStoreError.taskDeleted(id: definition.id) }
            if tip.sourceDigest == definition.sourceDigest { return .unchanged(tip) }
            var effective = calendar.startOfDay(for: now)
            if let latest = try Self.latestOutcomeEvent(of: chain, db), latest.start >= effective {
                effective = max(latest.end, latest.start).addingTimeInterval(1)
            }
            var next = definition
            next.effectiveDate = effective
            next.createdDate = nil
            return .updated(try Self.insertNextVersion(next, now: now, db))
        }
    }
}
