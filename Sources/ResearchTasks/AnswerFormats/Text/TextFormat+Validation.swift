extension TextFormat {
    /// ResearchKit: pattern and invalidMessage both set or both nil (docs/answer-formats.md, "Formats and their
    /// checks"); the pattern must compile and maximumLength must not be negative (our rules, ResearchKit would fail
    /// later).
    func validationProblems() -> [FormatProblem] {
        var problems: [FormatProblem] = []
        if pattern != nil, invalidMessage == nil {
            problems.append(
                FormatProblem(
                    path: "invalidMessage", reason: "invalidMessage is needed when pattern is set"))
        }
        if pattern == nil, invalidMessage != nil {
            problems.append(FormatProblem(path: "pattern", reason: "pattern is needed when invalidMessage is set"))
        }
        if pattern != nil, compiledPattern == nil {
            problems.append(FormatProblem(path: "pattern", reason: "pattern is not a valid regular expression"))
        }
        if maximumLength < 0 {
            problems.append(FormatProblem(path: "maximumLength", reason: "maximumLength must be 0 (no limit) or more"))
        }
        return problems
    }
}
