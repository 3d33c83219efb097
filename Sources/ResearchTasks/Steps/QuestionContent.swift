/// The body of a question step: one question and its answer format.
package struct QuestionContent: Sendable, Hashable {
    /// The question text (ResearchKit's `question`).
    package var question: String?
    /// Placeholder shown for free-text style formats.
    package var placeholder: String?
    /// How the answer is entered and validated.
    package var answerFormat: AnswerFormat
    /// Codes of the question (FHIR `item.code`).
    package var codes: [Coding]
    /// For a calculated question: its value, shown read-only and stored as its answer (never asked).
    package var calculated: SurveyExpression?
    /// Where its pre-filled answer comes from.
    package var initial: InitialValue?

    /// Creates question content.
    package init(
        question: String? = nil, placeholder: String? = nil, answerFormat: AnswerFormat, codes: [Coding] = [],
        calculated: SurveyExpression? = nil, initial: InitialValue? = nil
    ) {
        self.calculated = calculated
        self.initial = initial
        self.question = question
        self.placeholder = placeholder
        self.answerFormat = answerFormat
        self.codes = codes
    }
}
