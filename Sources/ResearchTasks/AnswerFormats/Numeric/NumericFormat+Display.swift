extension NumericFormat {
    /// "a number of kg from 30 to 200", "a whole number of at least 0", "a number with at most 1 decimal place".
    func acceptedInput(context: AnswerParsingContext) -> AcceptedInput {
        .number(
            whole: style == .integer, unit: shownUnit, minimum: minimum.map(DecimalText.plain),
            maximum: maximum.map(DecimalText.plain),
            fractionDigits: style == .decimal ? maximumFractionDigits.map { max($0, 0) } : nil)
    }

    /// "72 kg".
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        switch answer {
        case .numeric(let number), .scale(let number): amount(number.doubleValue)
        default: answer.plainDisplayText(context: context)
        }
    }
}
