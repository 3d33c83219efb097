/// Why an expression cannot be parsed, and where: the 1-based line and column (counted in Unicode scalars) of the
/// token at fault. Callers prefix the file and the path in the survey, giving `file: path: column: problem`
/// (docs/expressions.md, "Errors").
package struct FHIRPathSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    package enum Problem: Sendable, Hashable {
        /// The expression is empty or only whitespace and comments.
        case empty
        /// The expression is longer than `limit` bytes of UTF-8; nothing of it was parsed.
        case tooLong(limit: Int)
        /// Parentheses, operators or a path nested deeper than `limit` levels.
        case nestingTooDeep(limit: Int)
        /// A character that starts no token.
        case unexpectedCharacter(String)
        /// A string, a delimited identifier or a comment runs to the end of the expression.
        case unterminated(String)
        /// A backslash escape the grammar does not define.
        case invalidEscape
        /// A date, date-time or time literal that is malformed or names a day that does not exist.
        case invalidDateTime(String)
        /// A number literal out of range.
        case invalidNumber(String)
        /// A token where another was expected.
        case unexpected(found: String, expected: String)
        /// A function this subset does not define (docs/expressions.md, "Functions").
        case unknownFunction(String)
        /// A function called with a number of arguments it does not take.
        case wrongArgumentCount(function: String, expected: String, found: Int)
        /// A type name `is`, `as` or `ofType` does not know.
        case unknownType(String)
    }

    /// What is wrong.
    package var problem: Problem
    /// 1-based line of the problem.
    package var line: Int
    /// 1-based column of the problem, in Unicode scalars.
    package var column: Int

    /// Creates a syntax error.
    package init(_ problem: Problem, line: Int, column: Int) {
        self.problem = problem
        self.line = line
        self.column = column
    }

    /// The problem in words, without its position: "unknown function 'sume'".
    package var reason: String {
        switch problem {
        case .empty: "the expression is empty"
        case .tooLong(let limit): "the expression is longer than \(limit) bytes"
        case .nestingTooDeep(let limit): "the expression nests deeper than \(limit) levels"
        case .unexpectedCharacter(let character): "unexpected character '\(character)'"
        case .unterminated(let what): "unterminated \(what)"
        case .invalidEscape: "invalid escape in string"
        case .invalidDateTime(let text): "invalid date or time '@\(text)'"
        case .invalidNumber(let text): "number out of range '\(text)'"
        case .unexpected(let found, let expected): "expected \(expected), found \(found)"
        case .unknownFunction(let name): "unknown function '\(name)'"
        case .wrongArgumentCount(let function, let expected, let found):
            "\(function)() takes \(expected) argument\(expected == "1" ? "" : "s"), not \(found)"
        case .unknownType(let name): "unknown type '\(name)'"
        }
    }

    /// `column: problem` on the first line, `line:column: problem` below it: "12: unknown function 'sume'".
    package var description: String {
        line == 1 ? "\(column): \(reason)" : "\(line):\(column): \(reason)"
    }
}
