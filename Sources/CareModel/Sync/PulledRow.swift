import Foundation

/// One row a device pulls from the study database, in the participant's server order (docs/study-sync.md, "Pull"):
/// a task version, or an outcome version in its current state (live, or ended with its reason).
package enum PulledRow: Sendable, Hashable {
    /// A task version made by publishing.
    case task(CareTask)
    /// An outcome version with its values and its state as the server decided it.
    case outcome(Outcome)
}
