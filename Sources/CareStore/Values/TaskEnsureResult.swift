package import CareModel
import Foundation

/// What `CareStore.ensureTask` did.
package enum TaskEnsureResult: Sendable, Hashable {
    /// The task was absent and was added.
    case added(CareTask)
    /// The stored definition has the same digest; nothing changed.
    case unchanged(CareTask)
    /// A new version was added, effective from its `effectiveDate`.
    case updated(CareTask)

    /// The task version now in force for the definition.
    package var task: CareTask {
        switch self {
        case .added(let task), .unchanged(let task), .updated(let task): task
        }
    }
}
