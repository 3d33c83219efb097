import Foundation

/// Parses tokens into a `FHIRPathNode` by precedence climbing over the operators of N1 §6.8 ("Operator precedence"),
/// with the grammar's terms (N1 §4, §8). Functions are resolved and their arguments counted here, so an unknown
/// function or a wrong count is a syntax error with its column.
///
/// Hostile input ends in an error, never a stack overflow: the text is limited to `maximumLength` bytes, and every
/// tree is at most `maximumDepth` nodes deep, whether the depth comes from parentheses, operators or a long path
/// (`a.b.c…`), so that the evaluator's recursion over the tree is bounded too.
struct FHIRPathParser {
    /// The longest expression accepted, in bytes of UTF-8.
    static let maximumLength = 65_536
    /// The deepest tree accepted.
    static let maximumDepth = 100

    private let tokens: [FHIRPathToken]
    private var position = 0

    /// Parses a whole expression.
    static func parse(_ text: String) throws(FHIRPathSyntaxError) -> FHIRPathNode {
        guard text.utf8.count <= maximumLength else {
            throw FHIRPathSyntaxError(.tooLong(limit: maximumLength), line: 1, column: 1)
        }
        var parser = FHIRPathParser(tokens: try FHIRPathLexer.tokens(of: text))
        if parser.current.kind == .end {
            throw FHIRPathSyntaxError(.empty, line: parser.current.line, column: parser.current.column)
        }
        let parsed = try parser.expression(minimumPrecedence: 0)
        guard parser.current.kind == .end else {
            throw parser.error(.unexpected(found: parser.current.quoted, expected: "an operator or the end"))
        }
        return parsed.node
    }

    private init(tokens: [FHIRPathToken]) {
        self.tokens = tokens
    }

    /// A node and the depth of its tree.
    private struct Parsed {
        var node: FHIRPathNode
        var depth: Int
    }

    private var current: FHIRPathToken { tokens[position] }

    private func error(_ problem: FHIRPathSyntaxError.Problem, at token: FHIRPathToken? = nil) -> FHIRPathSyntaxError {
        let token = token ?? current
        return FHIRPathSyntaxError(problem, line: token.line, column: token.column)
    }

    private mutating func advance() -> FHIRPathToken {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private mutating func expect(_ symbol: String, _ expected: String) throws(FHIRPathSyntaxError) {
        guard current.kind == .symbol(symbol) else {
            throw error(.unexpected(found: current.quoted, expected: expected))
        }
        _ = advance()
    }

    /// A node over children, refused when it would make the tree deeper than `maximumDepth`.
    private func make(_ node: FHIRPathNode, over children: [Parsed], at token: FHIRPathToken)
        throws(FHIRPathSyntaxError) -> Parsed
    {
        let depth = 1 + (children.map(\.depth).max() ?? 0)
        guard depth <= Self.maximumDepth else { throw error(.nestingTooDeep(limit: Self.maximumDepth), at: token) }
        return Parsed(node: node, depth: depth)
    }

    /// The binary operator the current token is, if it is one.
    private var binaryOperator: FHIRPathOperator? {
        switch current.kind {
        case .symbol(let symbol): FHIRPathOperator(rawValue: symbol)
        case .identifier(let name):
            switch name {
            case "implies", "or", "xor", "and", "in", "contains", "div", "mod": FHIRPathOperator(rawValue: name)
            default: nil
            }
        default: nil
        }
    }

    private mutating func expression(minimumPrecedence: Int) throws(FHIRPathSyntaxError) -> Parsed {
        var left = try prefix()
        while true {
            if case .identifier(let keyword) = current.kind, keyword == "is" || keyword == "as",
                FHIRPathOperator.typeTestPrecedence >= minimumPrecedence
            {
                let token = advance()
                let type = try typeSpecifier()
                left = try make(
                    .typeTest(isTest: keyword == "is", operand: left.node, type: type), over: [left], at: token)
                continue
            }
            guard let op = binaryOperator, op.precedence >= minimumPrecedence else { return left }
            let token = advance()
            // Each operand starts a new climb: a chain `1 + 1 + …` grows the tree, which `make` bounds.
            let right = try expression(minimumPrecedence: op.precedence + 1)
            left = try make(.binary(op, left.node, right.node), over: [left, right], at: token)
        }
    }

    /// A unary `+` or `-` and its operand, or a term and its postfix steps.
    private mutating func prefix() throws(FHIRPathSyntaxError) -> Parsed {
        let token = current
        if current.kind == .symbol("-") || current.kind == .symbol("+") {
            _ = advance()
            let operand = try nested { (parser) throws(FHIRPathSyntaxError) in try parser.prefix() }
            guard token.kind == .symbol("-") else { return operand }
            return try make(.negate(operand.node), over: [operand], at: token)
        }
        var parsed = try term()
        while true {
            let step = current
            if current.kind == .symbol(".") {
                _ = advance()
                let name = try identifierName()
                if current.kind == .symbol("(") {
                    let (function, arguments) = try call(named: name, at: step)
                    parsed = try make(
                        .function(base: parsed.node, function: function, arguments: arguments.map(\.node)),
                        over: [parsed] + arguments, at: step)
                } else {
                    parsed = try make(.member(base: parsed.node, name: name), over: [parsed], at: step)
                }
            } else if current.kind == .symbol("[") {
                _ = advance()
                let index = try nested { (parser) throws(FHIRPathSyntaxError) in
                    try parser.expression(minimumPrecedence: 0)
                }
                try expect("]", "']'")
                parsed = try make(.indexer(base: parsed.node, index: index.node), over: [parsed, index], at: step)
            } else {
                return parsed
            }
        }
    }

    /// Runs `body` one level deeper: parentheses, unary signs and brackets each add one, so that deep nesting ends in
    /// an error before the parser's own recursion grows large.
    private var nesting = 0
    private mutating func nested(
        _ body: (inout FHIRPathParser) throws(FHIRPathSyntaxError) -> Parsed
    ) throws(FHIRPathSyntaxError) -> Parsed {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= Self.maximumDepth else { throw error(.nestingTooDeep(limit: Self.maximumDepth)) }
        return try body(&self)
    }

    private mutating func identifierName() throws(FHIRPathSyntaxError) -> String {
        switch current.kind {
        case .identifier(let name), .delimitedIdentifier(let name):
            _ = advance()
            return name
        default: throw error(.unexpected(found: current.quoted, expected: "a name"))
        }
    }

    private mutating func term() throws(FHIRPathSyntaxError) -> Parsed {
        let token = advance()
        switch token.kind {
        case .symbol("("):
            let inner = try nested { (parser) throws(FHIRPathSyntaxError) in
                try parser.expression(minimumPrecedence: 0)
            }
            try expect(")", "')'")
            return inner
        case .symbol("{"):
            try expect("}", "'}' (only the empty collection {} is a collection literal)")
            return Parsed(node: .literal([]), depth: 1)
        case .string(let text): return Parsed(node: .literal([.string(text)]), depth: 1)
        case .number(let text): return Parsed(node: .literal([try number(text, at: token)]), depth: 1)
        case .dateTime(let text):
            guard let value = FHIRPathTemporalText.literal(text) else { throw error(.invalidDateTime(text), at: token) }
            return Parsed(node: .literal([value]), depth: 1)
        case .variable(let name): return Parsed(node: .variable(name), depth: 1)
        case .special("this"): return Parsed(node: .this, depth: 1)
        case .special("index"): return Parsed(node: .index, depth: 1)
        case .special(_): return Parsed(node: .total, depth: 1)
        case .identifier("true"): return Parsed(node: .literal([.boolean(true)]), depth: 1)
        case .identifier("false"): return Parsed(node: .literal([.boolean(false)]), depth: 1)
        case .identifier(let name), .delimitedIdentifier(let name):
            if current.kind == .symbol("(") {
                let (function, arguments) = try call(named: name, at: token)
                return try make(
                    .function(base: nil, function: function, arguments: arguments.map(\.node)), over: arguments,
                    at: token)
            }
            return Parsed(node: .member(base: nil, name: name), depth: 1)
        default:
            throw error(.unexpected(found: token.quoted, expected: "a value, a name or '('"), at: token)
        }
    }

    /// An integer or decimal literal, and the unit after it that makes it a quantity (N1 §4.1.8): a string (a UCUM
    /// unit) or a calendar duration keyword.
    private mutating func number(_ text: String, at token: FHIRPathToken) throws(FHIRPathSyntaxError) -> FHIRPathValue {
        let value: FHIRPathValue
        if text.contains(".") {
            guard let decimal = FHIRPathNumberText.decimal(text) else {
                throw error(.invalidNumber(text), at: token)
            }
            value = .decimal(decimal)
        } else {
            guard let integer = Int(text) else { throw error(.invalidNumber(text), at: token) }
            value = .integer(integer)
        }
        let unit: String
        switch current.kind {
        case .string(let written): unit = written
        case .identifier(let word):
            guard let calendar = FHIRPathQuantity.calendarUnit(word) else { return value }
            unit = calendar
        default: return value
        }
        _ = advance()
        let amount: Decimal =
            switch value {
            case .integer(let whole): Decimal(whole)
            case .decimal(let decimal): decimal
            default: 0
            }
        return .quantity(FHIRPathQuantity(value: amount, unit: unit))
    }

    private mutating func typeSpecifier() throws(FHIRPathSyntaxError) -> FHIRPathType {
        let token = current
        var name = try identifierName()
        while current.kind == .symbol(".") {
            _ = advance()
            name += "." + (try identifierName())
        }
        guard let type = FHIRPathType(name: name) else { throw error(.unknownType(name), at: token) }
        return type
    }

    /// A function's name resolved and its parenthesized arguments parsed (the current token is `(`).
    private mutating func call(named name: String, at token: FHIRPathToken) throws(FHIRPathSyntaxError) -> (
        FHIRPathFunction, [Parsed]
    ) {
        if let typed = ["ofType", "is", "as"].firstIndex(of: name) {
            _ = advance()
            let type = try typeSpecifier()
            try expect(")", "')'")
            return ([FHIRPathFunction.ofType(type), .is(type), .as(type)][typed], [])
        }
        guard let function = FHIRPathFunction(name: name) else { throw error(.unknownFunction(name), at: token) }
        _ = advance()
        var arguments: [Parsed] = []
        if current.kind != .symbol(")") {
            repeat {
                if !arguments.isEmpty { _ = advance() }
                arguments.append(
                    try nested { (parser) throws(FHIRPathSyntaxError) in try parser.expression(minimumPrecedence: 0) })
            } while current.kind == .symbol(",")
        }
        try expect(")", "',' or ')'")
        guard function.arity.contains(arguments.count) else {
            let range = function.arity
            let expected = range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
            throw error(.wrongArgumentCount(function: name, expected: expected, found: arguments.count), at: token)
        }
        return (function, arguments)
    }
}
