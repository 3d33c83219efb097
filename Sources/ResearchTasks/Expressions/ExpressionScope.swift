package import FHIRPath
package import Foundation
import RegimenFoundation

/// One moment of a run as its expressions see it (docs/expressions.md, "In survey files"): the resource of the
/// answers so far, `%linkId` for each question, `%previous`, the task's variables evaluated in order, and a clock
/// reading the moment's instant. Evaluation never traps: an error of the specification's kind gives no value.
package struct ExpressionScope: Sendable {
    /// The names a survey cannot give an item or a variable: the environment's, and Regimen's own.
    package static let reservedNames: Set<String> = FHIRPathExpression.environmentVariables.union([
        "previous", "answered", "itemCount", "items",
    ])

    /// The answers so far, QuestionnaireResponse-shaped.
    package let resource: FHIRPathResource
    /// Every `%name` the expressions may read.
    package private(set) var variables: [String: [FHIRPathValue]]
    /// `now()` and `today()`.
    let clock: FHIRPathClock

    /// The scope of `result`, a run (finished or not) of `task`, at `now`; `extra` adds variables of the caller's
    /// (a score's `%answered`, `%itemCount`, `%items`).
    package init(
        task: OrderedTask, result: TaskResult, environment: ExpressionEnvironment, now: Date,
        extra: [String: [FHIRPathValue]] = [:]
    ) {
        resource = FHIRPathResource(
            ResponseResource.resource(of: result, task: task, timeZone: environment.timeZone))
        clock = FHIRPathClock(now: now, timeZone: environment.timeZone)
        var variables: [String: [FHIRPathValue]] = extra
        for (linkId, answers) in ResponseResource.answers(of: result, task: task, timeZone: environment.timeZone) {
            variables[linkId] = answers.flatMap { FHIRPathElement($0, typeName: nil).values(named: "value") }
        }
        variables["previous"] =
            environment.previous.map {
                [FHIRPathResource(ResponseResource.resource(of: $0, task: task, timeZone: environment.timeZone)).value]
            } ?? []
        self.variables = variables
        for variable in task.expressions.variables {
            // A variable whose evaluation fails is empty, as a path to nothing is.
            switch evaluate(variable.expression) {
            case .success(let value): self.variables[variable.name] = value
            case .failure: self.variables[variable.name] = []
            }
        }
    }

    /// The expression's value, or the evaluation error the specification defines.
    package func evaluate(_ expression: SurveyExpression) -> Result<[FHIRPathValue], FHIRPathEvaluationError> {
        Result { () throws(FHIRPathEvaluationError) in
            try expression.parsed.evaluate(on: resource, variables: variables, clock: clock)
        }
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
