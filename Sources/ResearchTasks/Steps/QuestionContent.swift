/// The body of a question step: one question and its answer format.
public struct QuestionContent: Sendable, Hashable {
    /// The question text (ResearchKit's `question`).
    public var question: String?
    /// Placeholder shown for free-text style formats.
    public var placeholder: String?
    /// How the answer is entered and validated.
    public var answerFormat: AnswerFormat

    /// Creates question content.
    public init(question: String? = nil, placeholder: String? = nil, answerFormat: AnswerFormat) {
        self.question = question
        self.placeholder = placeholder
        self.answerFormat = answerFormat
    }
}
