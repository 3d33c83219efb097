/// A parsed expression: the tree the evaluator walks. Its depth is bounded by the parser
/// (`FHIRPathParser.maximumDepth`), so walking it recursively cannot exhaust the stack.
indirect enum FHIRPathNode: Sendable {
    /// A literal: one value, or `{}` (no value).
    case literal([FHIRPathValue])
    /// A path step: the children named `name` of `base`'s items, or of `$this` at the start of a path.
    case member(base: FHIRPathNode?, name: String)
    /// A function called on `base`'s items, or on `$this` when there is no base.
    case function(base: FHIRPathNode?, function: FHIRPathFunction, arguments: [FHIRPathNode])
    /// `%name`.
    case variable(String)
    /// `$this`: the item a function's argument is evaluated for, or the context at the top.
    case this
    /// `$index`: the position of `$this` in the collection a function iterates.
    case index
    /// `$total`: the running total of `aggregate()` (unsupported: always empty).
    case total
    /// `base[index]`.
    case indexer(base: FHIRPathNode, index: FHIRPathNode)
    /// Unary `-` (unary `+` leaves its operand as it is).
    case negate(FHIRPathNode)
    /// A binary operator.
    case binary(FHIRPathOperator, FHIRPathNode, FHIRPathNode)
    /// `operand is Type` (`isTest` true) or `operand as Type`.
    case typeTest(isTest: Bool, operand: FHIRPathNode, type: FHIRPathType)
}

/// The binary operators (N1 §6), from the loosest binding to the tightest (N1 §6.8).
enum FHIRPathOperator: String, Sendable, CaseIterable {
    case implies, or, xor, and
    case `in`, contains
    case equal = "="
    case equivalent = "~"
    case notEqual = "!="
    case notEquivalent = "!~"
    case less = "<"
    case greater = ">"
    case lessOrEqual = "<="
    case greaterOrEqual = ">="
    case union = "|"
    case plus = "+"
    case minus = "-"
    case concatenate = "&"
    case times = "*"
    case divide = "/"
    case div, mod

    /// How tightly it binds: higher binds tighter. `is` and `as` sit between `|` (4) and `+` (6) at 5.
    var precedence: Int {
        switch self {
        case .implies: 0
        case .or, .xor: 1
        case .and: 2
        case .in, .contains: 3
        case .equal, .equivalent, .notEqual, .notEquivalent: 4
        case .less, .greater, .lessOrEqual, .greaterOrEqual: 5
        case .union: 6
        case .plus, .minus, .concatenate: 8
        case .times, .divide, .div, .mod: 9
        }
    }

    /// The precedence of `is` and `as`.
    static let typeTestPrecedence = 7
}
