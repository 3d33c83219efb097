import ResearchTasks

/// The answer-format rules the runner relies on; `standard` uses the formats' own, tests may substitute fakes.
struct AnswerFormatBehavior: Sendable {
    /// Parses typed text into an answer.
    var parse: @Sendable (AnswerFormat, String, AnswerParsingContext) -> Result<Answer, AnswerInputError>
    /// The format's pre-set answer.
    var defaultAnswer: @Sendable (AnswerFormat) -> Answer?

    /// The formats' own `parse` and `defaultAnswer`.
    static let standard = AnswerFormatBehavior(
        parse: { format, text, context in format.parse(text, context: context) },
        defaultAnswer: { format in format.defaultAnswer })
}
