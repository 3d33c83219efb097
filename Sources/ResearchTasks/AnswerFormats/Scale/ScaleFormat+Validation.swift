extension ScaleFormat {
    /// `ORKScaleAnswerFormat.validateParameters` (docs/answer-formats.md, "Scales"): its checks run in order and the
    /// first failing one is the only one reported, as ResearchKit throws at the first.
    func validationProblems() -> [FormatProblem] {
        // Int128 keeps (max − min) exact for any Int bounds read from a survey file.
        let span = Int128(maximum) - Int128(minimum)
        if maximum < minimum {
            return [
                FormatProblem(
                    path: "maximum", reason: "maximum (\(maximum)) must not be below minimum (\(minimum))")
            ]
        }
        if step < 1 {
            return [FormatProblem(path: "step", reason: "step must be at least 1")]
        }
        if span % Int128(step) != 0 {
            return [FormatProblem(path: "step", reason: "(max − min) must be divisible by step")]
        }
        let numberOfSteps = span / Int128(step)
        if numberOfSteps < 1 || numberOfSteps > 13 {
            return [
                FormatProblem(
                    path: "step", reason: "(max − min) / step must be from 1 to 13, but it is \(numberOfSteps)")
            ]
        }
        if minimum < -10000 {
            return [FormatProblem(path: "minimum", reason: "minimum must be at least -10000")]
        }
        if maximum > 10000 {
            return [FormatProblem(path: "maximum", reason: "maximum must be at most 10000")]
        }
        return []
    }
}
