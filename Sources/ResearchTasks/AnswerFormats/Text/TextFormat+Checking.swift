import Foundation

extension TextFormat {
    /// ResearchKit's `isAnswerValidWithString:` (docs/answer-validation.md): not empty once trimmed, at most
    /// `maximumLength` UTF-16 code units (0 = no limit), and containing a match of `pattern` (a search, not anchored).
    /// Both the length and the pattern problem are reported when both apply, as ResearchKit joins both messages.
    func problems(with text: String) -> [AnswerProblem] {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [.emptyText] }
        var problems: [AnswerProblem] = []
        let length = text.utf16.count
        if maximumLength > 0, length > maximumLength {
            problems.append(.textTooLong(length: length, maximum: maximumLength))
        }
        if let regex = compiledPattern,
            regex.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text)) == 0
        {
            problems.append(.textNotMatching)
        }
        return problems
    }
}
