extension NumericFormat {
    /// ResearchKit throws when maximum < minimum (equal is fine, nil bounds are fine; docs/answer-formats.md, "Formats
    /// and their checks"); a negative `maximumFractionDigits` is our rule.
    func validationProblems() -> [FormatProblem] {
        var problems: [FormatProblem] = []
        if let minimum, let maximum, maximum < minimum {
            let bounds = (DecimalText.plain(maximum), DecimalText.plain(minimum))
            problems.append(
                FormatProblem(
                    path: "maximum", reason: "maximum (\(bounds.0)) must not be below minimum (\(bounds.1))"))
        }
        if let digits = maximumFractionDigits, digits < 0 {
            problems.append(
                FormatProblem(
                    path: "maximumFractionDigits", reason: "maximumFractionDigits must not be negative"))
        }
        return problems
    }
}
