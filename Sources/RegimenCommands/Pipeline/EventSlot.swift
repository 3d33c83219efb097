import CareModel
import Foundation

/// A task's time slot: its id and an event's start and end. Two events of one task in one slot — two composed
/// schedule elements on the same day (the range-of-motion task a week after enrollment), or the two task versions
/// around an effective date — are one thing to do: CareKit's card shows and answers the first event of the slot
/// (docs/schedules.md).
struct EventSlot: Hashable {
    let taskID: String
    let start: Date
    let end: Date

    init(_ event: Event) {
        taskID = event.task.id
        start = event.scheduleEvent.start
        end = event.scheduleEvent.end
    }
}
