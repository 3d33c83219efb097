/// Why bytes are not valid JSON, and where (1-based line and column, columns counted in Unicode scalars).
/// Never carries the document's text, so it cannot leak answers.
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    package enum Problem: Sendable, Hashable {
        /// The document is empty or only whitespace.
        case empty
        /// The text ends in the middle of a value.
        case unexpectedEnd
        /// A character that cannot start or continue what was expected (named in `expected`).
        case unexpectedCharacter(expected: String)
        /// A malformed number.
        case invalidNumber
        /// A number too large for a double.
        case numberOutOfRange
        /// A backslash escape that JSON does not define.
        case invalidEscape
        /// A `\u` escape that is malformed or an unpaired surrogate.
        case invalidUnicodeEscape
        /// A raw control character inside a string.
        case controlCharacterInString
        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// More text after the top-level value.
        case trailingContent
        /// Arrays/objects nested deeper than `limit`.
        case nestingTooDeep(limit: Int)
    }

    /// What is wrong.
    package var problem: Problem
    /// 1-based line of the problem.
    package var line: Int
    /// 1-based column of the problem.
    package var column: Int

    /// Creates a syntax error.
    package init(problem: Problem, line: Int, column: Int) {
        self.problem = problem
        self.line = line
        self.column = column
    }

    /// E.g. "unexpected character (expected ',' or '}') at line 3, column 7".
    package var description: String {
        let what: String
        switch problem {
        case .empty: what = "the document is empty"
        case .unexpectedEnd: what = "unexpected end of text"
        case .unexpectedCharacter(let expected): what = "unexpected character (expected \(expected))"
        case .invalidNumber: what = "malformed number"
        case .numberOutOfRange: what = "number out of range"
        case .invalidEscape: what = "invalid escape in string"
        case .invalidUnicodeEscape: what = "invalid \\u escape in string"
        case .controlCharacterInString: what = "unescaped control character in string"
        case .invalidUTF8: what = "text is not valid UTF-8"
        case .trailingContent: what = "unexpected text after the end of the document"
        case .nestingTooDeep(let limit): what = "nesting deeper than \(limit) levels"
        }
        return "\(what) at line \(line), column \(column)"
    }
}
