package import CareModel
import Foundation

/// One pulled row as the service's pull carries it: exactly one of `task` and `outcome`.
package struct PulledRecord: Codable, Sendable, Equatable {
    /// A task version.
    package var task: TaskVersionRecord?
    /// An outcome version in its state.
    package var outcome: StatedOutcomeRecord?

    /// The record of `row`.
    package init(_ row: PulledRow) throws(JSONPlaceError) {
        switch row {
        case .task(let task): self.task = try TaskVersionRecord(task)
        case .outcome(let outcome): self.outcome = StatedOutcomeRecord(outcome)
        }
    }

    /// The row; a record with neither or both members, or one that does not read, is named at `place`.
    package func row(at place: String) throws(JSONPlaceError) -> PulledRow {
        switch (task, outcome) {
        case (let task?, nil): .task(try task.task(at: place + ".task"))
        case (nil, let outcome?): .outcome(try outcome.statedOutcome(at: place + ".outcome"))
        default: throw JSONPlaceError(place: place, problem: "expected either a task or an outcome")
        }
    }
}
