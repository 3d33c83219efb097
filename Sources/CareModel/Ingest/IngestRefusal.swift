package import Foundation

/// Why an `IngestLedger` refused an item; a refused item writes nothing.
package enum IngestRefusal: Error, Sendable, Hashable {
    /// No task with this id.
    case taskNotFound(id: String)
    /// The task was deleted (tombstoned).
    case taskDeleted(id: String)
    /// The task has no event starting on, or lasting into, the participant's day that begins at `dayStart`.
    case noEventOnDay(taskID: String, dayStart: Date)
}
