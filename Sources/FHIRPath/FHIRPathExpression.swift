/// An expression of Regimen's FHIRPath subset (docs/expressions.md), parsed once and evaluated any number of times.
///
/// ```swift
/// let bmi = try FHIRPathExpression(parsing: "(%weight / (%height * %height)).round(1)")
/// bmi.variableNames  // ["height", "weight"]
/// let value = try bmi.evaluate(
///     on: response, variables: ["weight": [.decimal(70)], "height": [.decimal(1.75)]], clock: clock)
/// // [.decimal(22.9)]
/// ```
///
/// Parsing fails with a `FHIRPathSyntaxError` giving the line and column; evaluation follows the specification's
/// rules for empty operands, division by zero and mismatched kinds (the empty collection), and fails with a
/// `FHIRPathEvaluationError` only where the specification signals an error. Neither traps on any input.
package struct FHIRPathExpression: Sendable {
    /// The expression as written.
    package let text: String
    /// The parsed tree.
    let root: FHIRPathNode
    /// The caller's variables the expression reads (`%name`, without `%`), the environment's own (`%resource`,
    /// `%context`, `%rootResource`, `%ucum`, `%sct`, `%loinc`) aside: what a survey must define before this expression
    /// is evaluated.
    package let variableNames: Set<String>
    /// Whether the value can depend on the resource it is evaluated on: it reads `%resource`, `%rootResource` or
    /// `%context`, or starts a path from the focus (`readsFocus`). One that does not reads only its variables, so a
    /// caller may evaluate it on any resource, an empty one included.
    package let readsResource: Bool

    /// The strings the expression compares a `linkId` with (`item.where(linkId = 'weight')`, `linkId ~ 'x'`): the
    /// items it names by path, which a survey check can look up.
    package var comparedLinkIds: Set<String> {
        var found: Set<String> = []
        Self.collectLinkIds(root, into: &found)
        return found
    }

    /// Whether the value depends on the focus the expression starts from: it reads `%context`, or a path, `$this` or
    /// a function without a base outside another function's criteria (`answer.value`, `count()`). SDC evaluates an
    /// item's expressions with the item as that focus, a survey with the whole resource: an import keeps only item
    /// expressions that do not depend on it (docs/fhir-import.md, "Expressions").
    package var readsFocus: Bool {
        Self.readsFocus(root, atTop: true)
    }

    private static func readsFocus(_ node: FHIRPathNode, atTop: Bool) -> Bool {
        switch node {
        case .variable(let name): return name == "context"
        case .literal, .index, .total: return false
        case .this: return atTop
        case .member(let base, _):
            guard let base else { return atTop }
            return readsFocus(base, atTop: atTop)
        case .function(let base, let function, let arguments):
            if let base {
                // The arguments of a function with a base are evaluated on its items (`where`, `select`, `exists`).
                return readsFocus(base, atTop: atTop) || arguments.contains { readsFocus($0, atTop: false) }
            }
            if atTop, ![.iif, .now, .today, .timeOfDay].contains(function) { return true }
            return arguments.contains { readsFocus($0, atTop: atTop) }
        case .indexer(let base, let index):
            return readsFocus(base, atTop: atTop) || readsFocus(index, atTop: atTop)
        case .negate(let operand), .typeTest(_, let operand, _): return readsFocus(operand, atTop: atTop)
        case .binary(_, let left, let right): return readsFocus(left, atTop: atTop) || readsFocus(right, atTop: atTop)
        }
    }

    /// The variables FHIRPath and SDC define themselves (N1 §9, "Environment variables").
    package static let environmentVariables: Set<String> = [
        "resource", "context", "rootResource", "ucum", "sct", "loinc",
    ]

    /// Parses `text`.
    package init(parsing text: String) throws(FHIRPathSyntaxError) {
        self.text = text
        root = try FHIRPathParser.parse(text)
        var names: Set<String> = []
        Self.collectVariables(root, into: &names)
        variableNames = names.subtracting(Self.environmentVariables)
        readsResource =
            !names.isDisjoint(with: ["resource", "rootResource", "context"]) || Self.readsFocus(root, atTop: true)
    }

    /// The expression's value on `resource`: `%resource` and `%rootResource` are the resource, `%context` and the
    /// start of a path are `context` (the resource when nil), `%name` is `variables[name]`, and `now()` and
    /// `today()` read `clock`.
    package func evaluate(
        on resource: FHIRPathResource, context: [FHIRPathValue]? = nil, variables: [String: [FHIRPathValue]] = [:],
        clock: FHIRPathClock
    ) throws(FHIRPathEvaluationError) -> [FHIRPathValue] {
        let focus = context ?? [resource.value]
        let evaluator = FHIRPathEvaluator(
            resource: [resource.value], context: focus, variables: variables, clock: clock)
        return try evaluator.evaluate(root, in: FHIRPathEvaluator.Scope(this: focus, index: nil))
    }

    private static func collectLinkIds(_ node: FHIRPathNode, into found: inout Set<String>) {
        switch node {
        case .literal, .this, .index, .total, .variable: break
        case .member(let base, _): base.map { collectLinkIds($0, into: &found) }
        case .function(let base, _, let arguments):
            base.map { collectLinkIds($0, into: &found) }
            for argument in arguments { collectLinkIds(argument, into: &found) }
        case .indexer(let base, let index):
            collectLinkIds(base, into: &found)
            collectLinkIds(index, into: &found)
        case .negate(let operand), .typeTest(_, let operand, _): collectLinkIds(operand, into: &found)
        case .binary(let operation, let left, let right):
            if [.equal, .equivalent].contains(operation) {
                for (one, other) in [(left, right), (right, left)] {
                    if case .member(_, "linkId") = one, case .literal(let values) = other,
                        case .string(let linkId)? = values.first
                    {
                        found.insert(linkId)
                    }
                }
            }
            collectLinkIds(left, into: &found)
            collectLinkIds(right, into: &found)
        }
    }

    private static func collectVariables(_ node: FHIRPathNode, into names: inout Set<String>) {
        switch node {
        case .variable(let name): names.insert(name)
        case .literal, .this, .index, .total: break
        case .member(let base, _): base.map { collectVariables($0, into: &names) }
        case .function(let base, _, let arguments):
            base.map { collectVariables($0, into: &names) }
            for argument in arguments { collectVariables(argument, into: &names) }
        case .indexer(let base, let index):
            collectVariables(base, into: &names)
            collectVariables(index, into: &names)
        case .negate(let operand), .typeTest(_, let operand, _): collectVariables(operand, into: &names)
        case .binary(_, let left, let right):
            collectVariables(left, into: &names)
            collectVariables(right, into: &names)
        }
    }
}
