import Foundation

/// One day of the completion ring (`OCKAdherence`, docs/carekit-store.md, "Adherence").
package enum Adherence: Sendable, Hashable {
    /// No adherence-impacting task exists on that day.
    case noTasks
    /// Tasks exist but have no events that day.
    case noEvents
    /// Completed events ÷ events that day, in 0…1.
    case progress(Double)
}
