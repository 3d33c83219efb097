package import FHIRPath

/// A participant-facing text with `{{ expression }}` parts, as REDCap pipes answers into later text
/// (surveys/README.md, "Expressions"). `\{{` writes `{{` itself. Parsed once, when the survey is loaded.
package struct TextTemplate: Sendable, Hashable {
    /// One piece of the text.
    package enum Part: Sendable, Hashable {
        /// Text shown as written.
        case text(String)
        /// An expression whose value is shown.
        case expression(SurveyExpression)
    }

    /// Why a text is not a valid template.
    package enum Problem: Error, Sendable, Hashable {
        /// `{{` without its `}}`; `offset` is the column (1-based, in characters) of the `{{`.
        case unterminated(column: Int)
        /// `{{ }}` with nothing inside.
        case empty(column: Int)
        /// The expression at `column` (of the text) does not parse.
        case syntax(FHIRPathSyntaxError, column: Int)
    }

    /// The text's pieces in order.
    package let parts: [Part]

    /// The placeholder shown for an expression whose value is empty or cannot be computed.
    package static let missingValue = "—"

    /// Parses `text`: `{{ … }}` are expressions, `\{{` is a literal `{{`.
    package init(parsing text: String) throws(Problem) {
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        var column = 1
        while let open = rest.firstRange(of: "{{") {
            let before = rest[..<open.lowerBound]
            if before.hasSuffix("\\") {
                literal += before.dropLast() + "{{"
                column += before.count + 2
                rest = rest[open.upperBound...]
                continue
            }
            literal += before
            column += before.count
            let inside = rest[open.upperBound...]
            guard let close = inside.firstRange(of: "}}") else { throw .unterminated(column: column) }
            let source = String(inside[..<close.lowerBound])
            guard !source.allSatisfy(\.isWhitespace) else { throw .empty(column: column) }
            let expression: SurveyExpression
            do {
                expression = try SurveyExpression(parsing: source)
            } catch {
                throw .syntax(error, column: column + 2 + error.column - 1)
            }
            if !literal.isEmpty { parts.append(.text(literal)) }
            literal = ""
            parts.append(.expression(expression))
            column += 2 + source.count + 2
            rest = inside[close.upperBound...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.text(literal)) }
        self.parts = parts
    }

    /// Whether `text` needs a template: it holds `{{` (an expression, or an escaped one).
    package static func isTemplate(_ text: String) -> Bool { text.contains("{{") }

    /// The expressions, in order.
    package var expressions: [SurveyExpression] {
        parts.compactMap { if case .expression(let expression) = $0 { expression } else { nil } }
    }

    /// The text with each expression's value written by `value` (which returns nil for nothing to show).
    package func render(_ value: (SurveyExpression) -> String?) -> String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .expression(let expression): value(expression) ?? Self.missingValue
            }
        }.joined()
    }
}

extension TextTemplate.Problem: CustomStringConvertible {
    /// `column: problem`, the column counted in the text: "12: unterminated {{ (no }})".
    package var description: String {
        switch self {
        case .unterminated(let column): "\(column): unterminated {{ (no }} after it; write \\{{ for {{ itself)"
        case .empty(let column): "\(column): {{ }} holds no expression"
        case .syntax(let error, let column):
            error.line == 1 ? "\(column): \(error.reason)" : "\(error.line):\(error.column): \(error.reason)"
        }
    }
}
