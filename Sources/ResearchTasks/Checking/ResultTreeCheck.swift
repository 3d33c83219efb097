package import Foundation

/// Checks a result tree against the survey that defines its task before anything of it is stored: every answer
/// against its question's answer format (the same rules typed answers obey), every result's dates in order and not
/// in the future, and range-of-motion values within what ResearchKit can compute. The rules and their sources are in
/// docs/answer-validation.md. A class: looked up for every file among a catalog's checks (`ResultChecks`), a struct
/// was copied, each of its members retained and released.
package final class ResultTreeCheck: Sendable {
    /// How far after "now" a date may lie before it counts as in the future: 10 minutes, for clocks of the phone and
    /// the computer that disagree a little.
    package static let futureTolerance: TimeInterval = 10 * 60

    /// The survey's task.
    package let task: OrderedTask
    /// Calendar, zone and "now" to judge dates by.
    package let context: AnswerParsingContext
    /// Step identifier → question result identifier → answer format and the result class it is recorded as.
    private let formats: [String: [String: Expected]]

    /// A question's answer format and the class of its results, worked out once per survey rather than per result.
    private struct Expected: Sendable {
        let format: AnswerFormat
        let className: String

        init(_ format: AnswerFormat) {
            self.format = format
            className = QuestionValue.make(format: format, answer: nil, timeZoneSeconds: 0).className
        }
    }

    /// A check for results of `task`, judged at `context.now`.
    package init(task: OrderedTask, context: AnswerParsingContext) {
        self.task = task
        self.context = context
        var formats: [String: [String: Expected]] = [:]
        for step in task.steps {
            switch step.content {
            case .question(let question): formats[step.identifier] = [step.identifier: Expected(question.answerFormat)]
            case .form(let form):
                formats[step.identifier] = Dictionary(
                    form.items.map { ($0.identifier, Expected($0.answerFormat)) },
                    uniquingKeysWith: { first, _ in first })
            default: formats[step.identifier] = [:]
            }
        }
        self.formats = formats
    }

    /// Every problem of `result`, in document order (empty when everything can be true). Places are spelled out only
    /// for problems found, so a sound file costs a few comparisons per result.
    package func problems(in result: TaskResult) -> [ResultProblem] {
        var problems: [ResultProblem] = []
        let latest = context.now.addingTimeInterval(Self.futureTolerance)
        func dates(_ start: Date, _ end: Date, _ place: () -> (path: String, identifiers: String?)) {
            guard end < start || end > latest else { return }
            let (path, identifiers) = place()
            let key = path.isEmpty ? "endDate" : "\(path).endDate"
            if end < start {
                problems.append(ResultProblem(path: key, identifiers: identifiers, kind: .endBeforeStart))
            }
            if end > latest { problems.append(ResultProblem(path: key, identifiers: identifiers, kind: .inFuture)) }
        }
        dates(result.startDate, result.endDate) { ("", nil) }
        // By index: binding each step and child to a name would copy all their members (docs/performance.md, "Ingest").
        for stepIndex in result.results.indices {
            let stepIdentifier = result.results[stepIndex].identifier
            dates(result.results[stepIndex].startDate, result.results[stepIndex].endDate) {
                ("results[\(stepIndex)]", stepIdentifier)
            }
            let questions = formats[stepIdentifier]
            for childIndex in result.results[stepIndex].results.indices {
                func place() -> (path: String, identifiers: String?) {
                    let child = result.results[stepIndex].results[childIndex]
                    return ("results[\(stepIndex)].results[\(childIndex)]", "\(stepIdentifier)/\(child.identifier)")
                }
                switch result.results[stepIndex].results[childIndex] {
                case .question(let question):
                    dates(question.startDate, question.endDate, place)
                    guard let questions else {
                        problems.append(
                            ResultProblem(
                                path: "results[\(stepIndex)]", identifiers: stepIdentifier, kind: .unknownStep))
                        continue
                    }
                    guard let expected = questions[question.identifier] else {
                        let (path, identifiers) = place()
                        problems.append(ResultProblem(path: path, identifiers: identifiers, kind: .unknownQuestion))
                        continue
                    }
                    problems += self.problems(of: question, expected: expected, place: place)
                case .rangeOfMotion(let motion):
                    dates(motion.startDate, motion.endDate, place)
                    problems += Self.problems(of: motion, place: place)
                case .file(let file):
                    dates(file.startDate, file.endDate, place)
                case .consentSignature(let consent):
                    dates(consent.startDate, consent.endDate, place)
                case .other:
                    break
                }
            }
        }
        return problems
    }

    /// The class and answer of one question result.
    private func problems(
        of question: QuestionResult, expected: Expected, place: () -> (path: String, identifiers: String?)
    ) -> [ResultProblem] {
        guard expected.className == question.value.className else {
            let (path, identifiers) = place()
            return [
                ResultProblem(
                    path: path, identifiers: identifiers, kind: .wrongResultClass(expected: expected.className))
            ]
        }
        guard let answer = question.answer else { return [] }
        let found = expected.format.problems(with: answer, context: context)
        guard !found.isEmpty else { return [] }
        let (path, identifiers) = place()
        return found.map {
            ResultProblem(path: "\(path).\(question.value.answerKey)", identifiers: identifiers, kind: .answer($0))
        }
    }

    /// ResearchKit's five angles (reference: docs/answer-validation.md, "Range of motion"): finite, and a range
    /// from 0 to 360 degrees, since every relative angle lies in (−270, 90].
    private static func problems(
        of motion: RangeOfMotionResult, place: () -> (path: String, identifiers: String?)
    ) -> [ResultProblem] {
        let finite = [motion.start, motion.finish, motion.minimum, motion.maximum].allSatisfy(\.isFinite)
        guard !finite || !(0...360).contains(motion.range) else { return [] }
        let (path, identifiers) = place()
        var problems: [ResultProblem] = []
        let fields = [
            ("start", motion.start), ("finish", motion.finish), ("minimum", motion.minimum),
            ("maximum", motion.maximum),
        ]
        for (name, value) in fields where !value.isFinite {
            problems.append(
                ResultProblem(
                    path: "\(path).\(name)", identifiers: identifiers,
                    kind: .impossibleAngle(allowed: "a finite number")))
        }
        if !(0...360).contains(motion.range) {
            problems.append(
                ResultProblem(
                    path: "\(path).range", identifiers: identifiers, kind: .impossibleAngle(allowed: "0 to 360 degrees")
                ))
        }
        return problems
    }
}
