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

    /// Stores `values` on `event` in one transaction, replacing its outcome when `replace` is set.
    func store(
        _ values: [OutcomeValue], on event: Event, taskRunUUID: UUID, resultFile: String, createdDate: Date,
        replace: Bool
    ) throws(RegimenError) -> Outcome {
        if let existing = event.outcome {
            guard replace else { throw .failure("the event already has an outcome; pass --replace to replace it") }
            return try storeCall { () throws(CareStoreError) in
                try store.replaceOutcome(
                    uuid: existing.uuid, values: values, taskRunUUID: taskRunUUID, resultFile: resultFile,
                    createdDate: createdDate,
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
