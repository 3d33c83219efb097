/// Walks a parsed expression over a resource (N1 §3, §4): each node maps the collection in focus to a new one.
/// Recursion follows the tree, whose depth the parser bounds.
struct FHIRPathEvaluator {
    /// `%resource` and `%rootResource`.
    var resource: [FHIRPathValue]
    /// `%context`, and `$this` at the start of the expression.
    var context: [FHIRPathValue]
    /// The caller's named variables, without `%`.
    var variables: [String: [FHIRPathValue]]
    /// `now()`, `today()` and the offset of date-times written without one.
    var clock: FHIRPathClock
    /// Equality and order of items.
    var comparison: FHIRPathComparison

    /// What `$this` and `$index` are where a node is evaluated.
    struct Scope {
        var this: [FHIRPathValue]
        var index: Int?
    }

    init(
        resource: [FHIRPathValue], context: [FHIRPathValue], variables: [String: [FHIRPathValue]],
        clock: FHIRPathClock
    ) {
        self.resource = resource
        self.context = context
        self.variables = variables
        self.clock = clock
        comparison = FHIRPathComparison(clock: clock)
    }

    func evaluate(_ node: FHIRPathNode, in scope: Scope) throws(FHIRPathEvaluationError) -> [FHIRPathValue] {
        switch node {
        case .literal(let values): return values
        case .this: return scope.this
        case .index: return scope.index.map { [.integer($0)] } ?? []
        case .total: return []
        case .variable(let name): return try variable(name)
        case .member(let base, let name):
            guard let base else {
                // A path may start with the resource's type: `QuestionnaireResponse.item` (N1 §3).
                if name.first?.isUppercase == true,
                    scope.this.contains(where: { if case .element(let e) = $0 { e.typeName == name } else { false } })
                {
                    return scope.this.filter { if case .element(let e) = $0 { e.typeName == name } else { false } }
                }
                return Self.children(of: scope.this, named: name)
            }
            return Self.children(of: try evaluate(base, in: scope), named: name)
        case .function(let base, let function, let arguments):
            let input = try base.map { (node) throws(FHIRPathEvaluationError) in try evaluate(node, in: scope) }
            return try call(function, on: input ?? scope.this, arguments: arguments, in: scope)
        case .indexer(let base, let index):
            let items = try evaluate(base, in: scope)
            guard let position = try integer(try evaluate(index, in: scope), "[]") else { return [] }
            return items.indices.contains(position) ? [items[position]] : []
        case .negate(let operand):
            guard let value = try singleton(try evaluate(operand, in: scope), "unary '-'") else { return [] }
            switch value {
            case .integer(let number):
                let (negated, overflow) = Int(0).subtractingReportingOverflow(number)
                return overflow ? [] : [.integer(negated)]
            case .decimal(let number): return [.decimal(-number)]
            case .quantity(var quantity):
                quantity.value = -quantity.value
                return [.quantity(quantity)]
            default:
                if var quantity = value.quantityValue {
                    quantity.value = -quantity.value
                    return [.quantity(quantity)]
                }
                throw .wrongType(operation: "unary '-'", found: value.typeName)
            }
        case .binary(let op, let left, let right):
            return try binary(op, try evaluate(left, in: scope), try evaluate(right, in: scope))
        case .typeTest(let isTest, let operand, let type):
            let items = try evaluate(operand, in: scope)
            guard let item = try singleton(items, isTest ? "is" : "as") else { return [] }
            if isTest { return [.boolean(type.matches(item))] }
            return type.matches(item) ? [item] : []
        }
    }

    /// `%name`: the environment's variables (N1 §9) and the caller's.
    private func variable(_ name: String) throws(FHIRPathEvaluationError) -> [FHIRPathValue] {
        if let value = variables[name] { return value }
        switch name {
        case "resource", "rootResource": return resource
        case "context": return context
        case "ucum": return [.string("http://unitsofmeasure.org")]
        case "sct": return [.string("http://snomed.info/sct")]
        case "loinc": return [.string("http://loinc.org")]
        default: throw .undefinedVariable(name)
        }
    }

    /// The children named `name` of every element in `items`, in order.
    static func children(of items: [FHIRPathValue], named name: String) -> [FHIRPathValue] {
        var result: [FHIRPathValue] = []
        for item in items {
            if case .element(let element) = item { result += element.children(named: name) }
        }
        return result
    }

    /// The one item of `items`, nil when empty, an error when more (N1 §4.5).
    func singleton(_ items: [FHIRPathValue], _ operation: String) throws(FHIRPathEvaluationError) -> FHIRPathValue? {
        guard items.count <= 1 else { throw .notASingleton(operation: operation, count: items.count) }
        return items.first
    }

    /// `items` as a Boolean (N1 §4.5): nil when empty, the value of a single Boolean, true for a single item of
    /// another type, an error for more than one item.
    func boolean(_ items: [FHIRPathValue], _ operation: String) throws(FHIRPathEvaluationError) -> Bool? {
        guard let item = try singleton(items, operation) else { return nil }
        if case .boolean(let flag) = item { return flag }
        return true
    }

    /// `items` as an Integer argument: nil when empty.
    func integer(_ items: [FHIRPathValue], _ operation: String) throws(FHIRPathEvaluationError) -> Int? {
        guard let item = try singleton(items, operation) else { return nil }
        guard case .integer(let number) = item else { throw .wrongType(operation: operation, found: item.typeName) }
        return number
    }

    /// The most items a collection may hold while an expression is evaluated.
    static let maximumItems = 10_000
    /// The longest string, in bytes of UTF-8, an expression may build.
    static let maximumStringBytes = 1_048_576

    /// `items`, or an error when there are more than `maximumItems`.
    func bounded(_ items: [FHIRPathValue]) throws(FHIRPathEvaluationError) -> [FHIRPathValue] {
        guard items.count <= Self.maximumItems else { throw .tooManyItems(limit: Self.maximumItems) }
        return items
    }

    /// `text` as a value, or an error when it is longer than `maximumStringBytes`.
    func bounded(_ text: String) throws(FHIRPathEvaluationError) -> FHIRPathValue {
        guard text.utf8.count <= Self.maximumStringBytes else {
            throw .stringTooLong(limit: Self.maximumStringBytes)
        }
        return .string(text)
    }

    /// `items` as a String argument: nil when empty.
    func string(_ items: [FHIRPathValue], _ operation: String) throws(FHIRPathEvaluationError) -> String? {
        guard let item = try singleton(items, operation) else { return nil }
        guard case .string(let text) = item else { throw .wrongType(operation: operation, found: item.typeName) }
        return text
    }
}
