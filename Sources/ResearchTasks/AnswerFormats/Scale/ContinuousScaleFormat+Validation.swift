extension ContinuousScaleFormat {
    /// `maximumFractionDigits` clamped to 0…4, as ResearchKit silently does (rule 1 of docs/answer-formats.md,
    /// "Scales").
    package var effectiveFractionDigits: Int { min(max(maximumFractionDigits, 0), 4) }

    /// The largest allowed bound magnitude: 100000 · 10^−d (rule 2 of docs/answer-formats.md, "Scales").
    var boundLimit: Double {
        var limit = 100_000
        for _ in 0..<effectiveFractionDigits { limit /= 10 }
        return Double(limit)
    }

    /// `ORKContinuousScaleAnswerFormat.validateParameters` (docs/answer-formats.md, "Scales"): checks in order, first
    /// failure only.
    func validationProblems() -> [FormatProblem] {
        // Our rule: NaN or infinite bounds would slip through every comparison below.
        if !minimum.isFinite {
            return [FormatProblem(path: "minimum", reason: "minimum must be a finite number")]
        }
        if !maximum.isFinite {
            return [FormatProblem(path: "maximum", reason: "maximum must be a finite number")]
        }
        let limit = boundLimit
        let digits = effectiveFractionDigits
        if maximum <= minimum {
            let bounds = (DecimalText.plain(maximum), DecimalText.plain(minimum))
            return [
                FormatProblem(
                    path: "maximum", reason: "maximum (\(bounds.0)) must be above minimum (\(bounds.1))")
            ]
        }
        if minimum < -limit {
            return [
                FormatProblem(
                    path: "minimum",
                    reason: "minimum must be at least -\(DecimalText.plain(limit)) with \(digits) fraction digits")
            ]
        }
        if maximum > limit {
            return [
                FormatProblem(
                    path: "maximum",
                    reason: "maximum must be at most \(DecimalText.plain(limit)) with \(digits) fraction digits")
            ]
        }
        return []
    }
}
