package import Foundation

/// A structured equivalent of ResearchKit's result predicates (docs/navigation.md, "Result predicates").
package indirect enum ResultPredicate: Sendable, Hashable {
    /// Some current (not previous) result selected by `selector` satisfies `condition`.
    case result(ResultSelector, AnswerCondition)
    /// All hold.
    case and([ResultPredicate])
    /// Any holds.
    case or([ResultPredicate])
    /// Does not hold.
    case not(ResultPredicate)
    /// The expression's value is a single `true` (docs/navigation.md, "Expressions"): empty, false and errors do not
    /// hold, as SDC's enableWhenExpression.
    case expression(SurveyExpression)
}

/// `ORKResultSelector`: which question result a predicate looks at.
package struct ResultSelector: Sendable, Hashable {
    /// Task identifier; nil means the ongoing task.
    package var taskIdentifier: String?
    /// Step identifier; defaults to the result identifier (question step).
    package var stepIdentifier: String
    /// Result identifier (the question step or form item identifier).
    package var resultIdentifier: String

    /// Creates a selector; a nil step identifier means the result identifier (question steps).
    package init(taskIdentifier: String? = nil, stepIdentifier: String? = nil, resultIdentifier: String) {
        self.taskIdentifier = taskIdentifier
        self.stepIdentifier = stepIdentifier ?? resultIdentifier
        self.resultIdentifier = resultIdentifier
    }
}

/// The condition on the selected result's answer (one row each of the table in docs/navigation.md, "Result
/// predicates").
package enum AnswerCondition: Sendable, Hashable {
    /// The answer is nil.
    case isNil
    /// The question has a result with an answer (not nil, not "I don't know"): false when its step was never finished,
    /// which `not isNil` is not (docs/navigation.md, "Answered").
    case isAnswered
    /// The answer is "I don't know".
    case isDontKnow
    /// Scale / numeric / time-interval answer equals the number.
    case numberEquals(Double)
    /// Scale / numeric / time-interval answer within bounds (nil bound omitted); an exclusive bound is not itself
    /// within (docs/navigation.md, "Strict bounds").
    case numberInRange(
        minimum: Double?, maximum: Double?, minimumExclusive: Bool = false, maximumExclusive: Bool = false)
    /// Every expected value is among the chosen values (subset test).
    case choicesInclude([ChoiceValue])
    /// Every pattern matches some chosen value (whole-string match).
    case choicesMatch([String])
    /// Boolean answer equals the value.
    case booleanEquals(Bool)
    /// Text answer equals the string.
    case textEquals(String)
    /// Text answer matches the pattern (whole string).
    case textMatches(String)
    /// Text answer within bounds (nil bound omitted) in Unicode code point order (`CodePointOrder`, FHIR's order of
    /// strings); an exclusive bound is not itself within.
    case textInRange(minimum: String?, maximum: String?, minimumExclusive: Bool = false, maximumExclusive: Bool = false)
    /// Time-of-day answer within bounds, compared component-wise as ResearchKit does.
    case timeOfDayInRange(minimum: TimeOfDay, maximum: TimeOfDay)
    /// Date answer within bounds (nil bound omitted); an exclusive bound is not itself within.
    case dateInRange(minimum: Date?, maximum: Date?, minimumExclusive: Bool = false, maximumExclusive: Bool = false)
    /// Consent result's `consented` equals the value.
    case consented(Bool)
}
