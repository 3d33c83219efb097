package import Foundation

/// Which event a thing belongs to: its task version and its occurrence in that version's schedule — the identity of
/// an event in the store and the study database alike (docs/carekit-store.md, "Events across versions").
package struct EventKey: Hashable, Sendable {
    /// The task version's uuid.
    package var task: UUID
    /// The occurrence.
    package var occurrence: Int

    /// The event `occurrence` of task version `task`.
    package init(task: UUID, occurrence: Int) {
        self.task = task
        self.occurrence = occurrence
    }
}
