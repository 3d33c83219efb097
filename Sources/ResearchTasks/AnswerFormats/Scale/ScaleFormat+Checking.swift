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
