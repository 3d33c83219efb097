import FHIRPath
package import Foundation
package import ResearchTasks

/// How an outcome's score is computed (surveys/README.md, "Scores"): an expression over the finished result's
/// QuestionnaireResponse-shaped resource, and what missing answers do to it. `sum:` is the rule "the chosen options'
/// scores of these items added up, every one answered".
package struct ScoreRule: Sendable, Hashable {
    /// The score's expression.
    package var expression: SurveyExpression
    /// The task whose results are scored (how answers become the resource, the choices' scores).
    package var task: OrderedTask
    /// The items a missing-answer rule counts; nil when the expression alone decides.
    package var missing: MissingItemsRule?

    /// Creates a rule.
    package init(expression: SurveyExpression, task: OrderedTask, missing: MissingItemsRule? = nil) {
        self.expression = expression
        self.task = task
        self.missing = missing
    }

    /// `%items.ordinal().sum()`: the expression of a `sum:`.
    package static let sumOfItemScores: SurveyExpression = {
        do {
            return try SurveyExpression(parsing: "%items.ordinal().sum()")
        } catch {
            preconditionFailure("the constant expression of sum: parses")
        }
    }()

    /// The score of `result` as a number, or nil when the rule says there is none: fewer than `atLeast` items
    /// answered, or an empty value. With `prorate`, the value is multiplied by the items counted over those
    /// answered, then rounded as `round` says. Errors name the kind, never an answer.
    package func score(of result: TaskResult, kind: String, timeZone: TimeZone) throws(ExtractionError) -> Double? {
        var extra: [String: [FHIRPathValue]] = [:]
        var answered = 0
        if let missing {
            let scope = ExpressionScope(
                task: task, result: result, environment: ExpressionEnvironment(timeZone: timeZone), now: result.endDate)
            var items: [FHIRPathValue] = []
            for path in missing.items {
                guard try isAnswered(path, in: result) else { continue }
                answered += 1
                items += scope.values(ofVariable: linkId(of: path))
            }
            guard answered >= missing.atLeast, answered > 0 else { return nil }
            extra = ["answered": [.integer(answered)], "itemCount": [.integer(missing.items.count)], "items": items]
        }
        let scope = ExpressionScope(
            task: task, result: result, environment: ExpressionEnvironment(timeZone: timeZone), now: result.endDate,
            extra: extra)
        let values: [FHIRPathValue]
        switch scope.evaluate(expression) {
        case .success(let found): values = found
        case .failure(let error): throw .scoreNotComputed(kind: kind, reason: error.description)
        }
        guard let first = values.first else { return nil }
        guard values.count == 1, var number = Self.number(first) else {
            throw .scoreNotComputed(
                kind: kind,
                reason: "the expression gave \(values.count) item(s) of type \(first.typeName), not a number")
        }
        if let missing, missing.prorate {
            number = number * Double(missing.items.count) / Double(answered)
            number = missing.round.map { number.rounded($0.rule) } ?? number
        }
        return number
    }

    /// Whether the question at `path` counts as answered: an answer that is not "I don't know", and for a question
    /// whose choices have scores, at least one chosen option, each with a score. A non-choice answer there is an
    /// error naming the path.
    private func isAnswered(_ path: ResultPath, in result: TaskResult) throws(ExtractionError) -> Bool {
        let child: ChildResult
        do throws(ExtractionError) {
            child = try ResultReader(result: result, path: path).child()
        } catch {
            if case .missing = error { return false }
            throw error
        }
        let choices = task.format(at: path)?.choices
        let scored = choices.map { !$0.isEmpty && $0.allSatisfy { $0.score != nil } } ?? false
        guard case .question(let question) = child else {
            if scored {
                throw .wrongType(
                    path: path.description, expected: "a choice answer", found: "a result that is not a question")
            }
            return true
        }
        guard let answer = question.answer, !question.isDontKnow else { return false }
        guard scored, let choices else { return true }
        guard case .choices(let chosen) = answer else {
            throw .wrongType(path: path.description, expected: "a choice answer", found: "another answer type")
        }
        return !chosen.isEmpty
            && chosen.allSatisfy { value in choices.contains { $0.value.matches(value) && $0.score != nil } }
    }

    private func linkId(of path: ResultPath) -> String {
        task.linkId(at: path) ?? path.resultIdentifier
    }

    private static func number(_ value: FHIRPathValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .decimal(let number): NSDecimalNumber(decimal: number).doubleValue
        case .quantity(let quantity): NSDecimalNumber(decimal: quantity.value).doubleValue
        default: nil
        }
    }
}

/// An outcome's rule for missing answers (`missing: { items, atLeast, prorate, round }`): the items counted, how many
/// must be answered for a score at all, and whether the score is prorated to all of them.
package struct MissingItemsRule: Sendable, Hashable {
    /// The items counted (`%items` holds their answers, `%itemCount` their number, `%answered` those answered).
    package var items: [ResultPath]
    /// The fewest answered items that give a score.
    package var atLeast: Int
    /// Whether the value is multiplied by `items.count / answered`.
    package var prorate: Bool
    /// How a prorated value is rounded; nil keeps it as it is.
    package var round: ScoreRounding?

    /// Creates a rule.
    package init(items: [ResultPath], atLeast: Int, prorate: Bool = false, round: ScoreRounding? = nil) {
        self.items = items
        self.atLeast = atLeast
        self.prorate = prorate
        self.round = round
    }
}

/// How a prorated score is rounded to a whole number, as instruments' manuals say.
package enum ScoreRounding: String, Sendable, Hashable, CaseIterable {
    /// Half away from zero: 12.5 → 13.
    case nearest
    /// Up: 12.1 → 13 (PROMIS).
    case up
    /// Down: 12.9 → 12.
    case down

    var rule: FloatingPointRoundingRule {
        switch self {
        case .nearest: .toNearestOrAwayFromZero
        case .up: .up
        case .down: .down
        }
    }
}

extension OrderedTask {
    /// The answer format of the question step or form item at `path`.
    package func format(at path: ResultPath) -> AnswerFormat? {
        switch step(withIdentifier: path.stepIdentifier)?.content {
        case .question(let question)?: question.answerFormat
        case .form(let form)?: form.items.first { $0.identifier == path.resultIdentifier }?.answerFormat
        default: nil
        }
    }

    /// The linkId of the question step or form item at `path` (its `linkId:`, else its id).
    package func linkId(at path: ResultPath) -> String? {
        guard let step = step(withIdentifier: path.stepIdentifier) else { return nil }
        switch step.content {
        case .question: return step.linkId ?? step.identifier
        case .form(let form):
            return form.items.first { $0.identifier == path.resultIdentifier }.map { $0.linkId ?? $0.identifier }
        default: return nil
        }
    }
}
