/// A place in a result tree holding something that cannot be true, and what: never the answer itself.
package struct ResultProblem: Sendable, Hashable, CustomStringConvertible {
    /// The JSON path of the offending value, as the decoder names places: "results[0].results[1].scaleAnswer".
    package var path: String
    /// The step and result identifiers, as survey outcome paths write them ("checkin.form/checkin.form.pain"),
    /// or nil for the task itself.
    package var identifiers: String?
    /// What is wrong.
    package var kind: Kind

    /// Creates a problem.
    package init(path: String, identifiers: String?, kind: Kind) {
        self.path = path
        self.identifiers = identifiers
        self.kind = kind
    }

    /// What is wrong at the place.
    package enum Kind: Sendable, Hashable {
        /// The answer breaks its question's answer format.
        case answer(AnswerProblem)
        /// The result ends before it starts.
        case endBeforeStart
        /// The result ends after now plus `ResultTreeCheck.futureTolerance`.
        case inFuture
        /// The survey's task has no step with the step result's identifier, yet it holds answers.
        case unknownStep
        /// The survey's step asks no question with this identifier.
        case unknownQuestion
        /// The question result's class is not the one the question's answer format records.
        case wrongResultClass(expected: String)
        /// A range-of-motion value outside what ResearchKit's computation can give (docs/answer-validation.md).
        case impossibleAngle(allowed: String)
    }

    /// "results[0].results[1].scaleAnswer (checkin.form/checkin.form.pain): the answer is above the maximum 10".
    package var description: String {
        let place = identifiers.map { "\(path) (\($0))" } ?? path
        return "\(place): \(reason)"
    }

    /// The problem without its place.
    package var reason: String {
        switch kind {
        case .answer(let problem): problem.text(subject: "the answer")
        case .endBeforeStart: "the result ends before it starts"
        case .inFuture:
            "the result ends in the future (more than \(Int(ResultTreeCheck.futureTolerance / 60)) minutes after now)"
        case .unknownStep: "the survey has no such step, so its answers cannot be checked"
        case .unknownQuestion: "the survey's step has no such question, so the answer cannot be checked"
        case .wrongResultClass(let expected): "the question records an \(expected), not this class"
        case .impossibleAngle(let allowed): "not an angle ResearchKit's measurement can give (\(allowed))"
        }
    }
}
