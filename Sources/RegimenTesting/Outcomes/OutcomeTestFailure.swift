public import CareModel
public import OutcomeMapping
import ResearchTasks

/// Why an outcome check failed; its description is the message a test shows.
public enum OutcomeTestFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extractor threw.
    case extractionFailed(task: String, error: ExtractionError)
    /// The extractor was expected to throw `expected` but produced values or threw something else (nil = values).
    case expectedExtractionError(task: String, expected: ExtractionError, actual: ExtractionError?)
    /// No value has the kind.
    case noValue(kind: String, presentKinds: [String])
    /// One value of the kind was expected; there are several.
    case severalValues(kind: String, values: [OutcomeValue.Value])
    /// The kind's value differs.
    case wrongValue(kind: String, expected: OutcomeValue.Value, actual: OutcomeValue.Value)
    /// A number was asked for, but the kind's value is of another type.
    case notANumber(kind: String, actual: OutcomeValue.Value)
    /// The kind's values differ.
    case wrongValues(kind: String, expected: [OutcomeValue.Value], actual: [OutcomeValue.Value])
    /// The kind's units differ.
    case wrongUnits(kind: String, expected: String?, actual: String?)
    /// A kind expected to be absent has values.
    case unexpectedValues(kind: String, values: [OutcomeValue.Value])
    /// The kinds present (in order, without repeats) differ.
    case wrongKinds(expected: [String], actual: [String])
    /// A produced value's kind is missing from the extractor's `producedKinds`.
    case undeclaredKind(task: String, kind: String, declared: [String])
    /// A produced value's type or units differ from what `producedKinds` declares for its kind.
    case undeclaredShape(
        task: String, kind: String, declared: OutcomeKindDescription, valueType: String, units: String?)
    /// A value has no kind.
    case missingKind(task: String)
    /// A result file could not be read; the message names the file and the problem.
    case unreadableResultFile(String)
    /// A survey folder could not be loaded; the message lists its problems.
    case invalidSurveys(String)
    /// The surveys have no task `task`, or (with `step`) no form step `step` in it.
    case notInSurveys(task: String, step: String?)
    /// A run of `task` from answer lines ended without a result; `reason` says why, as `regimen run` does.
    case runFailed(task: String, reason: String)
    /// Several checks failed.
    case several([OutcomeTestFailure])

    /// The failure message.
    public var description: String {
        typealias Text = OutcomeValueText
        switch self {
        case .extractionFailed(let task, let error):
            return "the extractor for task '\(task)' failed: \(error)"
        case .expectedExtractionError(let task, let expected, let actual):
            let got = actual.map { "it failed with: \($0)" } ?? "it succeeded"
            return "expected the extractor for task '\(task)' to fail with: \(expected); but \(got)"
        case .noValue(let kind, let present):
            return "no value of kind '\(kind)'; kinds present: \(Text.names(present))"
        case .severalValues(let kind, let values):
            return "expected one value of kind '\(kind)' but got \(values.count): \(Text.list(values))"
        case .wrongValue(let kind, let expected, let actual):
            let got = expected.typeName == actual.typeName ? Text.text(actual) : Text.typed(actual)
            return "expected kind '\(kind)' = \(Text.typed(expected)) but got \(got)"
        case .notANumber(let kind, let actual):
            return "expected kind '\(kind)' to be a number but got \(Text.typed(actual))"
        case .wrongValues(let kind, let expected, let actual):
            return "expected kind '\(kind)' = [\(Text.list(expected))] but got [\(Text.list(actual))]"
        case .wrongUnits(let kind, let expected, let actual):
            return "expected kind '\(kind)' in \(Text.units(expected)) but it has \(Text.units(actual))"
        case .unexpectedValues(let kind, let values):
            return "expected no value of kind '\(kind)' but got \(Text.list(values))"
        case .wrongKinds(let expected, let actual):
            return "expected kinds \(Text.names(expected)) but got \(Text.names(actual))"
        case .undeclaredKind(let task, let kind, let declared):
            return "the extractor for task '\(task)' produced kind '\(kind)', which its producedKinds do not list "
                + "(declared: \(Text.names(declared)))"
        case .undeclaredShape(let task, let kind, let declared, let valueType, let units):
            return
                "the extractor for task '\(task)' produced kind '\(kind)' as \(valueType) with \(Text.units(units)), "
                + "but its producedKinds declare \(declared.valueType) with \(Text.units(declared.units))"
        case .missingKind(let task):
            return "the extractor for task '\(task)' produced a value without a kind"
        case .unreadableResultFile(let message):
            return "cannot load the result file: \(message)"
        case .invalidSurveys(let message):
            return "cannot load the surveys: \(message)"
        case .notInSurveys(let task, nil):
            return "the surveys have no task '\(task)'"
        case .notInSurveys(let task, let step?):
            return "task '\(task)' in the surveys has no form step '\(step)'"
        case .runFailed(let task, let reason):
            return "the run of task '\(task)' ended without a result: \(reason)"
        case .several(let failures):
            return "\(failures.count) outcome checks failed:\n" + failures.map { "  - \($0)" }.joined(separator: "\n")
        }
    }
}
