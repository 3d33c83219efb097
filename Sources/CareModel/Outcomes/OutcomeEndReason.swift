/// Why an outcome stopped being live (stored in the `endReason` column).
package enum OutcomeEndReason: String, Sendable, Hashable, CaseIterable {
    /// Deleted by `deleteOutcome`.
    case deleted
    /// Replaced by a newer version with the same outcome id (`replaceOutcome`, or ingest of a higher sync version).
    case replaced
    /// Another run that ended later holds its event; kept and listed by `supersededOutcomes`.
    case superseded
}
