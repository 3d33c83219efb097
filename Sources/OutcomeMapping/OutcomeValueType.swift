/// The CareKit value type an extracted value is stored as (a survey's `outcomes:` `type`).
public enum OutcomeValueType: String, Sendable, Hashable, CaseIterable {
    /// A whole number; a decimal answer is refused.
    case integer
    /// A number (the default for numeric answers, scales and range-of-motion angles).
    case double
    /// Yes/no (boolean answers, consent).
    case boolean
    /// Text (free text, choice values, numbers and times of day rendered as text).
    case text
    /// An instant (date answers).
    case date
}
