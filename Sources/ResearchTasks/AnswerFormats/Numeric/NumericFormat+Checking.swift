extension NumericFormat {
    /// The largest magnitude an answer may have, bounds or not: 10^15. Beyond it (near 2^53 ≈ 9·10^15) a Double no
    /// longer holds every whole number, and no questionnaire quantity comes near it (docs/answer-validation.md).
    package static let magnitudeLimit = 1e15

    /// A number ResearchKit's `isAnswerValid:` accepts (not NaN, within the optional bounds; docs/answer-validation.md)
    /// that is also whole in integer style, has at most `maximumFractionDigits` in decimal style, and is not absurd.
    func problem(with number: NumberValue) -> AnswerProblem? {
        let value = number.doubleValue
        if value.isNaN { return .notANumber }
        if value.isInfinite || value.magnitude > Self.magnitudeLimit { return .tooLarge(negative: value < 0) }
        if case .decimal(let decimal) = number {
            switch style {
            case .integer:
                if decimal.rounded(.towardZero) != decimal { return .notWhole }
            case .decimal:
                if let allowed = maximumFractionDigits.map({ max($0, 0) }),
                    let digits = DecimalText(decimal), digits.significantFractionDigits > allowed
                {
                    return .tooManyFractionDigits(allowed: allowed)
                }
            }
        }
        if let minimum, value < minimum { return .belowMinimum(amount(minimum)) }
        if let maximum, value > maximum { return .aboveMaximum(amount(maximum)) }
        return nil
    }
}
