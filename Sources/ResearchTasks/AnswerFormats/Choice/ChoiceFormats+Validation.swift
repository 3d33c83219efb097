extension TextChoiceFormat {
    /// At least one choice (ResearchKit, at step validation), plus the choice rules of `ChoiceList`.
    func validationProblems() -> [FormatProblem] {
        var problems: [FormatProblem] = []
        if choices.isEmpty { problems.append(FormatProblem(path: "choices", reason: "at least 1 choice is needed")) }
        return problems + ChoiceList(choices: choices).problems(singleChoice: style == .single, allowsOther: true)
    }
}

extension TextScaleFormat {
    /// 2…8 choices (ResearchKit, at init; docs/answer-formats.md, "Formats and their checks"), plus the choice rules of
    /// `ChoiceList`.
    func validationProblems() -> [FormatProblem] {
        var problems: [FormatProblem] = []
        if choices.count < 2 {
            problems.append(FormatProblem(path: "choices", reason: "a text scale needs at least 2 choices"))
        } else if choices.count > 8 {
            problems.append(FormatProblem(path: "choices", reason: "a text scale can have at most 8 choices"))
        }
        return problems + ChoiceList(choices: choices).problems(singleChoice: true, allowsOther: false)
    }
}

extension ValuePickerFormat {
    /// At least one choice (ResearchKit, at step validation), plus the choice rules of `ChoiceList`.
    func validationProblems() -> [FormatProblem] {
        var problems: [FormatProblem] = []
        if choices.isEmpty { problems.append(FormatProblem(path: "choices", reason: "at least 1 choice is needed")) }
        return problems + ChoiceList(choices: choices).problems(singleChoice: true, allowsOther: false)
    }
}
