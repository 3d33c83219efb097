extension ContinuousScaleFormat {
    /// "a number from 0.0 to 1.0" (bounds shown with the kept fraction digits), or
    /// "a percentage from 0% to 100%" in percent style.
    func acceptedInput(context: AnswerParsingContext) -> AcceptedInput {
        .continuousScale(percent: numberStyle == .percent, minimum: boundText(minimum), maximum: boundText(maximum))
    }

    /// The value with the kept fraction digits, e.g. "4.5" or "12%".
    func displayText(for answer: Answer, context: AnswerParsingContext) -> String {
        switch answer {
        case .scale(let number), .numeric(let number): boundText(number.doubleValue)
        default: answer.plainDisplayText(context: context)
        }
    }

    /// A value as the scale shows it: `effectiveFractionDigits` digits, as a percentage in percent style.
    /// No grouping separators, unlike ResearchKit's formatter, so that what is shown can be typed back.
    func boundText(_ value: Double) -> String {
        guard let decimal = DecimalText(value) else { return "\(value)" }
        if numberStyle == .percent {
            return decimal.shifted(byPowerOfTen: 2).fixed(fractionDigits: effectiveFractionDigits) + "%"
        }
        return decimal.fixed(fractionDigits: effectiveFractionDigits)
    }
}
