extension ScaleFormat {
    /// A whole number from minimum to maximum on a step (docs/answer-validation.md).
    func problem(with number: NumberValue) -> AnswerProblem? {
        let value: Int
        switch number {
        case .integer(let whole): value = whole
        case .decimal(let decimal):
            if decimal.isNaN { return .notANumber }
            if decimal.isInfinite || decimal.magnitude >= 0x1p62 {
                return decimal < 0 ? .belowMinimum(String(minimum)) : .aboveMaximum(String(maximum))
            }
            guard decimal.rounded(.towardZero) == decimal else { return .notWhole }
            value = Int(decimal)
        }
        if value < minimum { return .belowMinimum(String(minimum)) }
        if value > maximum { return .aboveMaximum(String(maximum)) }
        if step > 1, (Int128(value) - Int128(minimum)) % Int128(step) != 0 {
            return .offStep(step: step, from: minimum)
        }
        return nil
    }
}

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

extension NumericFormat {
    /// The largest magnitude an answer may have, bounds or not: 10^15. Beyond it (near 2^53 ≈ 9·10^15) a Double no
    /// longer holds every whole number, and no questionnaire quantity comes near it (docs/answer-validation.md).
    package static let magnitudeLimit = 1e15

    /// A number ResearchKit's `isAnswerValid:` accepts (not NaN, within the optional bounds; docs/answer-validation.md) that
    /// is also whole in integer style, has at most `maximumFractionDigits` in decimal style, and is not absurd.
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
                   let digits = DecimalText(decimal), digits.significantFractionDigits > allowed {
                    return .tooManyFractionDigits(allowed: allowed)
                }
            }
        }
        if let minimum, value < minimum { return .belowMinimum(amount(minimum)) }
        if let maximum, value > maximum { return .aboveMaximum(amount(maximum)) }
        return nil
    }
}
