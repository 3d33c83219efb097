/// What a task's expressions and conditions read of a run (docs/performance.md, "Survey expressions"): the `%names`
/// and result identifiers they name, and whether any reads the whole response resource. A run recomputes a calculated
/// item after every answer only when something reads it; otherwise it is computed when the participant passes it.
struct ExpressionReads: Sendable {
    /// `%names` of every expression, and the result identifiers of every structured condition.
    private(set) var names: Set<String> = []
    /// Whether some expression reads the resource (`%resource`, a path): it may read any answer.
    private(set) var readsResource = false
    /// Whether some question is pre-filled with `initial: previous`.
    private(set) var prefillsFromPreviousRun = false

    /// What the expressions and conditions of `task` read.
    init(_ task: OrderedTask) {
        for variable in task.expressions.variables { add(variable.expression) }
        for template in task.expressions.templates.values { template.expressions.forEach { add($0) } }
        for step in task.steps {
            switch step.content {
            case .question(let question):
                question.calculated.map { add($0) }
                add(question.initial)
            case .form(let form):
                for (index, item) in form.items.enumerated() {
                    item.calculated.map { add($0) }
                    add(item.initial)
                    form.enablingConditions(atItem: index).forEach { add($0) }
                }
            default:
                continue
            }
        }
        for rule in task.skipRules.values { add(rule.predicate) }
        for case .predicate(let destinations, _) in task.navigationRules.values {
            destinations.forEach { add($0.predicate) }
        }
    }

    /// Whether something reads the question or item with this identifier or linkId.
    func reads(identifier: String, linkId: String?) -> Bool {
        readsResource || names.contains(identifier) || linkId.map(names.contains) == true
    }

    private mutating func add(_ initial: InitialValue?) {
        switch initial {
        case .expression(let expression)?: add(expression)
        case .previous?: prefillsFromPreviousRun = true
        case nil: break
        }
    }

    private mutating func add(_ expression: SurveyExpression) {
        names.formUnion(expression.variableNames)
        readsResource = readsResource || expression.readsResource
    }

    private mutating func add(_ predicate: ResultPredicate) {
        switch predicate {
        case .result(let selector, _): names.insert(selector.resultIdentifier)
        case .and(let all), .or(let all): all.forEach { add($0) }
        case .not(let inner): add(inner)
        case .expression(let expression): add(expression)
        }
    }
}
