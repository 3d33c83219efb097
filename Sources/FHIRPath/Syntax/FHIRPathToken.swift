/// One token of an expression and where it starts.
struct FHIRPathToken: Sendable, Hashable {
    /// What the token is.
    enum Kind: Sendable, Hashable {
        /// A name: a path step, a function, a keyword operator (`and`, `div`, `is`…), `true`, `false`.
        case identifier(String)
        /// A name written between backticks, never a keyword.
        case delimitedIdentifier(String)
        /// A string literal, escapes resolved.
        case string(String)
        /// An integer or decimal literal, as written.
        case number(String)
        /// The text after `@` of a date, date-time or time literal.
        case dateTime(String)
        /// `%name`, `%\`name\`` or `%'name'`.
        case variable(String)
        /// `$this`, `$index` or `$total` (the name without `$`).
        case special(String)
        /// An operator or punctuation: `.`, `,`, `(`, `)`, `[`, `]`, `{`, `}`, `+`, `-`, `*`, `/`, `&`, `|`, `=`,
        /// `~`, `!=`, `!~`, `<`, `>`, `<=`, `>=`.
        case symbol(String)
        /// The end of the expression.
        case end
    }

    /// What the token is.
    var kind: Kind
    /// 1-based line.
    var line: Int
    /// 1-based column, in Unicode scalars.
    var column: Int

    /// The token as an error message names it.
    var quoted: String {
        switch kind {
        case .identifier(let name): "'\(name)'"
        case .delimitedIdentifier(let name): "`\(name)`"
        case .string: "a string"
        case .number(let text): "'\(text)'"
        case .dateTime(let text): "'@\(text)'"
        case .variable(let name): "'%\(name)'"
        case .special(let name): "'$\(name)'"
        case .symbol(let symbol): "'\(symbol)'"
        case .end: "the end of the expression"
        }
    }
}
