import CareModel
import CareStore
import Foundation

/// Finds the event a run belongs to and stores its outcome there.
struct EventOutcomeWriter {
    let store: CareStore
    let calendar: Calendar

    /// The event of `taskID` on the day of `date`: the first one without an outcome in a slot that has none (two events
    /// of one slot are one thing to do, `EventSlot`), else the first one with an outcome (to replace), else the first
    /// (CareKit's survey card answers the first event of the day).
    func event(of taskID: String, onDayOf date: Date) throws(RegimenError) -> Event? {
        let dayStart = calendar.startOfDay(for: date)
        guard let nextDay = calendar.date(byAdding: .day, value: 1, to: dayStart) else { return nil }
        let events = try storeCall { () throws(CareStoreError) in
            try store.events(taskID: taskID, from: dayStart, to: nextDay)
        }
        let ofTheDay = events.filter { $0.scheduleEvent.start >= dayStart && $0.scheduleEvent.start < nextDay }
        let candidates = ofTheDay.isEmpty ? events : ofTheDay
        let answered = Set(candidates.filter { $0.outcome != nil }.map(EventSlot.init))
        return candidates.first { $0.outcome == nil && !answered.contains(EventSlot($0)) }
            ?? candidates.first { $0.outcome != nil } ?? candidates.first
    }

    /// Stores `values` on `event` in one transaction, replacing its outcome when `replace` is set. A logged task's
    /// values (`append`) are added after the outcome's earlier values instead, each keeping its own created date, in
    /// a new version of the outcome (docs/logged-tasks.md, "In the store").
    func store(
        _ values: [OutcomeValue], on event: Event, taskRunUUID: UUID, resultFile: String, createdDate: Date,
        replace: Bool, append: Bool = false
    ) throws(RegimenError) -> Outcome {
        if let existing = event.outcome {
            guard replace || append else {
                throw .failure("the event already has an outcome; pass --replace to replace it")
            }
            // A log entered later for an earlier time (`log --at`) still makes a newer version: sync keeps the latest
            // created version of an outcome (docs/study-sync.md), which must hold every log.
            let versionDate = append ? max(createdDate, existing.createdDate) : createdDate
            return try storeCall { () throws(CareStoreError) in
                try store.replaceOutcome(
                    uuid: existing.uuid, values: append ? existing.values + values : values, taskRunUUID: taskRunUUID,
                    resultFile: resultFile,
                    createdDate: versionDate,
                    recordedIn: calendar.timeZone)
            }
        }
        return try storeCall { () throws(CareStoreError) in
            try store.addOutcome(
                taskVersion: event.task.uuid, occurrence: event.scheduleEvent.occurrence, values: values,
                taskRunUUID: taskRunUUID, resultFile: resultFile, createdDate: createdDate,
                recordedIn: calendar.timeZone)
        }
    }
}
