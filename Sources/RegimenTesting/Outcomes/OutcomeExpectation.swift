public import CareModel
public import Foundation

/// One check on extracted outcome values, by kind: `.value("pain.total", 9, units: "points")`, `.absent("x")`, ….
public enum OutcomeExpectation: Sendable, Hashable {
    /// Exactly one value of the kind, equal to this one (type included), with these units.
    case value(kind: String, OutcomeValue.Value, units: ExpectedUnits)
    /// The kind's values, in order.
    case values(kind: String, [OutcomeValue.Value])
    /// No value of the kind.
    case absent(kind: String)
    /// The kinds present, in order of first appearance.
    case kinds([String])

    /// Exactly one `double` value of the kind.
    public static func value(_ kind: String, _ number: Double, units: ExpectedUnits = .unchecked) -> OutcomeExpectation
    {
        .value(kind: kind, .double(number), units: units)
    }

    /// Exactly one value of the kind, of the given CareKit type (`.integer(3)`, `.text("walk")`, …).
    public static func value(_ kind: String, _ value: OutcomeValue.Value, units: ExpectedUnits = .unchecked)
        -> OutcomeExpectation
    {
        .value(kind: kind, value, units: units)
    }

    /// Exactly one `boolean` value of the kind.
    public static func value(_ kind: String, _ flag: Bool) -> OutcomeExpectation {
        .value(kind: kind, .boolean(flag), units: .unchecked)
    }

    /// Exactly one `text` value of the kind.
    public static func value(_ kind: String, _ text: String) -> OutcomeExpectation {
        .value(kind: kind, .text(text), units: .unchecked)
    }

    /// Exactly one `date` value of the kind.
    public static func value(_ kind: String, _ date: Date) -> OutcomeExpectation {
        .value(kind: kind, .date(date), units: .unchecked)
    }

    /// The kind's values, in order.
    public static func values(_ kind: String, _ values: [OutcomeValue.Value]) -> OutcomeExpectation {
        .values(kind: kind, values)
    }

    /// No value of the kind.
    public static func absent(_ kind: String) -> OutcomeExpectation {
        .absent(kind: kind)
    }

    /// The failure this expectation finds in `outcomes`, or nil when it holds.
    func failure(in outcomes: ExtractedOutcomes) -> OutcomeTestFailure? {
        switch self {
        case .value(let kind, let expected, let units):
            let matching = outcomes.values.filter { $0.kind == kind }
            guard let first = matching.first else { return .noValue(kind: kind, presentKinds: outcomes.kinds) }
            guard matching.count == 1 else { return .severalValues(kind: kind, values: matching.map(\.value)) }
            guard first.value == expected else {
                return .wrongValue(kind: kind, expected: expected, actual: first.value)
            }
            return units.failure(kind: kind, actual: first.units)
        case .values(let kind, let expected):
            let actual = outcomes.values(ofKind: kind)
            if actual.isEmpty && !expected.isEmpty { return .noValue(kind: kind, presentKinds: outcomes.kinds) }
            return actual == expected ? nil : .wrongValues(kind: kind, expected: expected, actual: actual)
        case .absent(let kind):
            let actual = outcomes.values(ofKind: kind)
            return actual.isEmpty ? nil : .unexpectedValues(kind: kind, values: actual)
        case .kinds(let expected):
            return outcomes.kinds == expected ? nil : .wrongKinds(expected: expected, actual: outcomes.kinds)
        }
    }
}
