public import Foundation
package import RegimenFoundation

/// `ORKStepResult`: the results of one visited step.
public struct StepResult: Sendable, Hashable {
    /// The step identifier.
    public var identifier: String
    /// When the step was presented.
    public var startDate: Date
    /// When the step was left.
    public var endDate: Date
    /// The step's child results (question results, range of motion, files, consent).
    public var results: [ChildResult]
    /// Set on results replaced by a later visit; predicates ignore them.
    package var isPreviousResult: Bool
    /// Assistive technology in use (always nil in a terminal).
    package var enabledAssistiveTechnology: String?
    /// Free-form extra data.
    package var userInfo: JSONObject?
    /// The JSON object this result was read from (nil when Regimen built it). Writing the result back keeps from it
    /// what the model does not hold: unknown keys, explicit nulls, each value's exact written form
    /// (docs/researchkit-results.md).
    @ExcludedFromEquality package var source: JSONObject?

    /// Creates a step result.
    package init(
        identifier: String, startDate: Date, endDate: Date, results: [ChildResult] = [],
        isPreviousResult: Bool = false, enabledAssistiveTechnology: String? = nil, userInfo: JSONObject? = nil,
        source: JSONObject? = nil
    ) {
        self.identifier = identifier
        self.startDate = startDate
        self.endDate = endDate
        self.results = results
        self.isPreviousResult = isPreviousResult
        self.enabledAssistiveTechnology = enabledAssistiveTechnology
        self.userInfo = userInfo
        self.source = source
    }

    /// The question result with this identifier, if any (last wins).
    public func questionResult(forIdentifier identifier: String) -> QuestionResult? {
        for child in results.reversed() {
            if case .question(let result) = child, result.identifier == identifier { return result }
        }
        return nil
    }
}

/// A child of a step result.
public enum ChildResult: Sendable, Hashable {
    /// A question result (`ORK…QuestionResult`).
    case question(QuestionResult)
    /// `ORKRangeOfMotionResult`.
    case rangeOfMotion(RangeOfMotionResult)
    /// `ORKFileResult`.
    case file(FileResult)
    /// `ORKConsentSignatureResult`.
    case consentSignature(ConsentSignatureResult)
    /// Any other result class read from a file; kept verbatim so it round-trips.
    case other(OtherResult)

    /// The JSON object the child was read from (nil when Regimen built it; an unmodeled result is all JSON).
    package var source: JSONObject? {
        switch self {
        case .question(let r): r.source
        case .rangeOfMotion(let r): r.source
        case .file(let r): r.source
        case .consentSignature(let r): r.source
        case .other: nil
        }
    }

    /// The child's identifier.
    public var identifier: String {
        switch self {
        case .question(let r): r.identifier
        case .rangeOfMotion(let r): r.identifier
        case .file(let r): r.identifier
        case .consentSignature(let r): r.identifier
        case .other(let r): r.identifier
        }
    }
}
