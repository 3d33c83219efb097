/// What an ``OutcomeExpectation`` requires of a value's units; a string literal means `.exactly(…)`.
public enum ExpectedUnits: Sendable, Hashable, ExpressibleByStringLiteral {
    /// Units are not checked.
    case unchecked
    /// The value must have no units.
    case noUnits
    /// The value must have exactly these units.
    case exactly(String)

    /// `"h"` means `.exactly("h")`.
    public init(stringLiteral value: String) {
        self = .exactly(value)
    }

    /// The failure for `actual` units of `kind`, or nil when they are as expected.
    func failure(kind: String, actual: String?) -> OutcomeTestFailure? {
        switch self {
        case .unchecked: nil
        case .noUnits: actual == nil ? nil : .wrongUnits(kind: kind, expected: nil, actual: actual)
        case .exactly(let units): actual == units ? nil : .wrongUnits(kind: kind, expected: units, actual: actual)
        }
    }
}
