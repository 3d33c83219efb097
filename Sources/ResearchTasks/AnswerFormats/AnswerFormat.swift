/// How a question is answered: one case per ResearchKit answer format Regimen supports (docs/answer-formats.md).
package enum AnswerFormat: Sendable, Hashable {
    /// `ORKScaleAnswerFormat`: whole numbers from minimum to maximum in steps.
    case scale(ScaleFormat)
    /// `ORKContinuousScaleAnswerFormat`: a decimal between minimum and maximum.
    case continuousScale(ContinuousScaleFormat)
    /// `ORKTextScaleAnswerFormat`: 2…8 labeled positions.
    case textScale(TextScaleFormat)
    /// `ORKTextChoiceAnswerFormat`: single or multiple choice.
    case textChoice(TextChoiceFormat)
    /// `ORKBooleanAnswerFormat`: yes or no.
    case boolean(BooleanFormat)
    /// `ORKNumericAnswerFormat`: an integer or decimal number with unit and bounds.
    case numeric(NumericFormat)
    /// `ORKTextAnswerFormat`: free text with maximum length and pattern.
    case text(TextFormat)
    /// `ORKDateAnswerFormat`: a date, or a date and time.
    case date(DateFormat)
    /// `ORKTimeOfDayAnswerFormat`: hours and minutes.
    case timeOfDay(TimeOfDayFormat)
    /// `ORKTimeIntervalAnswerFormat`: a duration.
    case timeInterval(TimeIntervalFormat)
    /// `ORKValuePickerAnswerFormat`: one value from a list.
    case valuePicker(ValuePickerFormat)

    /// ResearchKit's `questionType` of the declared format (docs/answer-formats.md, "Question types").
    package var questionType: QuestionType {
        switch self {
        case .scale, .continuousScale, .textScale: .scale
        case .textChoice(let format): format.style == .single ? .singleChoice : .multipleChoice
        case .boolean: .boolean
        case .numeric(let format): format.style == .integer ? .integer : .decimal
        case .text: .text
        case .date(let format): format.style == .date ? .date : .dateAndTime
        case .timeOfDay: .timeOfDay
        case .timeInterval: .timeInterval
        case .valuePicker: .singleChoice
        }
    }
}
