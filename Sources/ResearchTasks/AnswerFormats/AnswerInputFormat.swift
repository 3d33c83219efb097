/// What every answer format implements; `AnswerFormat` dispatches its public API to it.
protocol AnswerInputFormat: Sendable {
    /// Reads typed text that is already trimmed and not empty.
    func parse(trimmed text: String, context: AnswerParsingContext) -> Result<Answer, AnswerInputError>
    /// Every rule the format breaks, paths relative to the format.
    func validationProblems() -> [FormatProblem]
    /// The pre-set answer, if any.
    var defaultAnswer: Answer? { get }
    /// What may be typed.
    func acceptedInput(context: AnswerParsingContext) -> AcceptedInput
    /// Words offered by tab completion.
    func completions(context: AnswerParsingContext) -> [String]
    /// A short rendering of an answer.
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String
}

extension AnswerInputFormat {
    /// Free formats offer nothing to complete.
    func completions(context: AnswerParsingContext) -> [String] { [] }
}

extension ScaleFormat: AnswerInputFormat {}
extension ContinuousScaleFormat: AnswerInputFormat {}
extension TextScaleFormat: AnswerInputFormat {}
extension TextChoiceFormat: AnswerInputFormat {}
extension ValuePickerFormat: AnswerInputFormat {}
extension BooleanFormat: AnswerInputFormat {}
extension NumericFormat: AnswerInputFormat {}
extension TextFormat: AnswerInputFormat {}
extension DateFormat: AnswerInputFormat {}
extension TimeOfDayFormat: AnswerInputFormat {}
extension TimeIntervalFormat: AnswerInputFormat {}
