/// The CareKit value type an extracted value is stored as.
public enum OutcomeValueType: String, Sendable, Hashable, CaseIterable {
    case integer
    case double
    case boolean
    case text
    case date
}
