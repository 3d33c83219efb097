extension ContinuousScaleFormat {
    /// A finite number from minimum to maximum with at most `effectiveFractionDigits` digits after the point (of
    /// the percentage, in percent style): what ResearchKit's formatter round trip leaves (docs/answer-validation.md).
    func problem(with number: NumberValue) -> AnswerProblem? {
        let value = number.doubleValue
        if value.isNaN { return .notANumber }
        if value.isInfinite { return value < 0 ? .belowMinimum(boundText(minimum)) : .aboveMaximum(boundText(maximum)) }
        if case .decimal = number, var digits = DecimalText(value) {
            if numberStyle == .percent { digits = digits.shifted(byPowerOfTen: 2) }
            if digits.significantFractionDigits > effectiveFractionDigits {
                return .tooManyFractionDigits(allowed: effectiveFractionDigits)
            }
        }
        if value < minimum { return .belowMinimum(boundText(minimum)) }
        if value > maximum { return .aboveMaximum(boundText(maximum)) }
        return nil
    }
}
