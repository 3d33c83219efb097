/// The CareKit value type an outcome is stored as (names as CareKit spells them).
public enum OutcomeValueType: String, Sendable, Hashable, CaseIterable {
    /// A Double (what Recover's readers expect for numbers).
    case double
    /// A whole number.
    case integer
    /// True or false.
    case boolean
    /// A string.
    case text
    /// A date.
    case date
}
