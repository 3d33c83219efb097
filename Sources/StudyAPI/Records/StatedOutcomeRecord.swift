package import CareModel
package import Foundation

/// An outcome version with the state the study gave it, as enrollment bundles and the service's pull carry it.
package struct StatedOutcomeRecord: Codable, Sendable, Equatable {
    /// The version as first written.
    package var outcome: OutcomeRecord
    /// When it ended; nil while live.
    package var endedDate: Date?
    /// Why it ended (`deleted`, `replaced`, `superseded`); nil while live.
    package var endReason: String?

    /// The record of `outcome` in its current state.
    package init(_ outcome: Outcome) {
        self.outcome = OutcomeRecord(outcome)
        endedDate = outcome.deletedDate
        endReason = outcome.endReason?.rawValue
    }

    /// The outcome in its state; a state that does not read is named at `place`.
    package func statedOutcome(at place: String) throws(JSONPlaceError) -> Outcome {
        var result = outcome.outcome
        result.deletedDate = endedDate
        switch (endedDate, endReason.map(OutcomeEndReason.init(rawValue:))) {
        case (nil, nil): break
        case (_?, let reason??): result.endReason = reason
        default:
            throw JSONPlaceError(
                place: place + ".endReason", problem: "expected deleted, replaced or superseded with its instant")
        }
        return result
    }
}
