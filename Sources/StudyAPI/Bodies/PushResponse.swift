package import CareModel
package import Foundation

/// The answer to a push: what the study now holds for the device and what the conflict rule decided.
package struct PushResponse: Codable, Sendable, Equatable {
    /// One decision of the conflict rule.
    package struct Conflict: Codable, Sendable, Equatable {
        /// The rule (`same-event`, `same-sync-version`, `edit-over-delete`).
        package var rule: String
        /// The version that kept its place.
        package var winner: UUID
        /// The version that lost it.
        package var loser: UUID
    }

    /// The last outbox number the study holds for the device.
    package var acknowledged: Int64
    /// How many of the changes told the study something new.
    package var applied: Int
    /// The conflicts decided.
    package var conflicts: [Conflict]
    /// How far the device's clock was ahead of the server's, in milliseconds.
    package var clockOffsetMilliseconds: Int64?

    /// The answer for `report`.
    package init(_ report: PushReport) {
        acknowledged = report.acknowledged
        applied = report.applied
        conflicts = report.conflicts.map { Conflict(rule: $0.rule.rawValue, winner: $0.winner, loser: $0.loser) }
        clockOffsetMilliseconds = report.clockOffsetMilliseconds
    }

    /// The report; an unknown rule is named by its place.
    package func report() throws(JSONPlaceError) -> PushReport {
        var decided: [OutcomeMerge.Conflict] = []
        for (index, conflict) in conflicts.enumerated() {
            guard let rule = OutcomeMerge.Rule(rawValue: conflict.rule) else {
                throw JSONPlaceError(place: "conflicts[\(index)].rule", problem: "unknown rule")
            }
            decided.append(OutcomeMerge.Conflict(rule: rule, winner: conflict.winner, loser: conflict.loser))
        }
        return PushReport(
            acknowledged: acknowledged, applied: applied, conflicts: decided,
            clockOffsetMilliseconds: clockOffsetMilliseconds)
    }
}
