import Foundation

extension TextFormat {
    /// Non-empty trimmed text within `maximumLength` UTF-16 units that contains a match of `pattern` → `.text`
    /// (ResearchKit's `isAnswerValidWithString:`, docs/answer-formats.md, "Text and numbers typed": the pattern is
    /// searched, not anchored).
    ///
    /// A failed pattern shows `invalidMessage` as is; a too-long text shows the length message; when both fail
    /// they are joined with a newline, as ResearchKit does. A pattern that does not compile constrains nothing
    /// here (`validationProblems` reports it). Messages never repeat the text, which may be private.
    func parse(trimmed text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError> {
        // The rules a result file's answer obeys too (Checking/TextFormat+Checking.swift).
        let lines = problems(with: text).map { problem -> AnswerInputError.Line in
            if problem == .textNotMatching, let invalidMessage { return .given(invalidMessage) }
            return .rejected(
                .breaks(problem, typed: AnswerInputError.echo(text)), accepted: acceptedInput(context: context))
        }
        guard lines.isEmpty else { return .failure(AnswerInputError(lines: lines)) }
        return .success(.text(text))
    }

    /// `pattern` compiled, or nil when absent or invalid.
    var compiledPattern: NSRegularExpression? {
        pattern.flatMap { try? NSRegularExpression(pattern: $0) }
    }
}
