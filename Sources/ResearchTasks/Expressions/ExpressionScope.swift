package import FHIRPath
package import Foundation
import RegimenFoundation

/// One moment of a run as its expressions see it (docs/expressions.md, "In survey files"): the resource of the
/// answers so far, `%linkId` for each question, `%previous`, the task's variables evaluated in order, and a clock
/// reading the moment's instant. Evaluation never traps: an error of the specification's kind gives no value.
///
/// Each evaluation binds only what its expression reads (docs/performance.md, "Survey expressions"): the `%names`
/// it names, each task variable it needs evaluated with only the variables written before it, and the resource
/// only when the expression reads it (`FHIRPathExpression.readsResource`); an expression of `%weight` and
/// `%height` costs two answers, not a walk of the whole run.
package struct ExpressionScope: Sendable {
    /// The names a survey cannot give an item or a variable: the environment's, and Regimen's own.
    package static let reservedNames: Set<String> = FHIRPathExpression.environmentVariables.union([
        "previous", "answered", "itemCount", "items",
    ])

    /// The resource an expression that does not read one is evaluated on.
    private static let emptyResponse = FHIRPathResource(["resourceType": .string("QuestionnaireResponse")])

    /// The task whose answers are read.
    private let task: OrderedTask
    /// The run, finished or not.
    private let result: TaskResult
    /// The zone dates are written in, and the previous run.
    private let environment: ExpressionEnvironment
    /// Variables of the caller's (a score's `%answered`, `%itemCount`, `%items`).
    private let extra: [String: [FHIRPathValue]]
    /// `now()` and `today()`.
    let clock: FHIRPathClock

    /// The scope of `result`, a run (finished or not) of `task`, at `now`; `extra` adds variables of the caller's
    /// (a score's `%answered`, `%itemCount`, `%items`).
    package init(
        task: OrderedTask, result: TaskResult, environment: ExpressionEnvironment, now: Date,
        extra: [String: [FHIRPathValue]] = [:]
    ) {
        self.task = task
        self.result = result
        self.environment = environment
        self.extra = extra
        clock = FHIRPathClock(now: now, timeZone: environment.timeZone)
    }

    /// The expression's value, or the evaluation error the specification defines.
    package func evaluate(_ expression: SurveyExpression) -> Result<[FHIRPathValue], FHIRPathEvaluationError> {
        var known = KnownVariables()
        return evaluate(expression, seeingVariables: task.expressions.variables.count, known: &known)
    }

    /// The value `%name` has for an expression of the survey: a caller's variable, `%previous`, a task variable, or
    /// the answers to the question with that linkId (none when unanswered or unknown).
    package func values(ofVariable name: String) -> [FHIRPathValue] {
        var known = KnownVariables()
        return values(ofVariable: name, seeingVariables: task.expressions.variables.count, known: &known) ?? []
    }

    /// Whether a condition holds: only a single `true` does (empty and errors are false, as SDC's
    /// enableWhenExpression).
    package func holds(_ expression: SurveyExpression) -> Bool {
        guard case .success(let value) = evaluate(expression) else { return false }
        return value == [.boolean(true)]
    }

    /// The expression's value as text for piping; nil when empty or an error (the template shows its placeholder).
    package func text(_ expression: SurveyExpression) -> String? {
        guard case .success(let values) = evaluate(expression) else { return nil }
        let texts = values.compactMap(Self.text)
        return texts.isEmpty ? nil : texts.joined(separator: ", ")
    }

    /// `template` with each expression's value, or `—` where there is none.
    package func render(_ template: TextTemplate) -> String {
        template.render { text($0) }
    }

    /// The task variables one evaluation has evaluated, by index, and how many evaluations that took.
    struct KnownVariables {
        /// Each evaluated variable's value.
        var values: [Int: [FHIRPathValue]] = [:]
        /// How many variable expressions were evaluated: one each, however many expressions read them.
        var evaluations = 0
    }

    /// `evaluate(_:)`, and the task variables it evaluated.
    func evaluateKnowing(_ expression: SurveyExpression) -> (
        value: Result<[FHIRPathValue], FHIRPathEvaluationError>, known: KnownVariables
    ) {
        var known = KnownVariables()
        let value = evaluate(expression, seeingVariables: task.expressions.variables.count, known: &known)
        return (value, known)
    }

    /// The value of `expression` seeing the first `visible` task variables (a variable sees those written before
    /// it; an unbound name reads as empty, as a path to nothing does). `known` holds the task variables already
    /// evaluated for this evaluation, by index: each is evaluated once however many expressions read it, so
    /// variables reading the two before them cost one evaluation each, not a number that doubles with every one.
    private func evaluate(
        _ expression: SurveyExpression, seeingVariables visible: Int, known: inout KnownVariables
    ) -> Result<[FHIRPathValue], FHIRPathEvaluationError> {
        var variables: [String: [FHIRPathValue]] = [:]
        for name in expression.variableNames {
            if let values = values(ofVariable: name, seeingVariables: visible, known: &known) {
                variables[name] = values
            }
        }
        let resource =
            expression.readsResource
            ? FHIRPathResource(ResponseResource.resource(of: result, task: task, timeZone: environment.timeZone))
            : Self.emptyResponse
        return Result { () throws(FHIRPathEvaluationError) in
            try expression.parsed.evaluate(on: resource, variables: variables, clock: clock)
        }
    }

    /// `%name`'s values seeing the first `visible` task variables; nil when the name is bound to nothing.
    private func values(
        ofVariable name: String, seeingVariables visible: Int, known: inout KnownVariables
    ) -> [FHIRPathValue]? {
        if let given = extra[name] { return given }
        if name == "previous" {
            return environment.previous.map {
                [FHIRPathResource(ResponseResource.resource(of: $0, task: task, timeZone: environment.timeZone)).value]
            } ?? []
        }
        let variables = task.expressions.variables
        if let index = variables.prefix(visible).firstIndex(where: { $0.name == name }) {
            if let values = known.values[index] { return values }
            // A variable whose evaluation fails is empty, as a path to nothing is.
            let values: [FHIRPathValue]
            switch evaluate(variables[index].expression, seeingVariables: index, known: &known) {
            case .success(let found): values = found
            case .failure: values = []
            }
            known.values[index] = values
            known.evaluations += 1
            return values
        }
        if variables.contains(where: { $0.name == name }) { return nil }
        return ResponseResource.answers(toLinkId: name, of: result, task: task, timeZone: environment.timeZone)
            .map { answers in answers.flatMap { FHIRPathElement($0, typeName: nil).values(named: "value") } }
    }

    /// One value as the participant reads it: strings as they are, numbers as written, `yes`/`no`, a Coding's
    /// display (else its code), a quantity with its unit.
    static func text(_ value: FHIRPathValue) -> String? {
        switch value {
        case .string(let text): text
        case .boolean(let flag): flag ? "yes" : "no"
        case .integer(let number): String(number)
        case .decimal(let number): "\(number)"
        case .date(let date): date.text
        case .dateTime(let dateTime): dateTime.text
        case .time(let time): time.text
        case .quantity(let quantity): "\(quantity.value) \(quantity.unit)"
        case .element(let element):
            if case .string(let display)? = element.members["display"] {
                display
            } else if case .string(let code)? = element.members["code"] {
                code
            } else {
                nil
            }
        }
    }
}
