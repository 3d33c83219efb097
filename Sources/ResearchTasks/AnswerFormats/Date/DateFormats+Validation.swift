extension DateFormat {
    /// ResearchKit's init checks (docs/answer-formats.md, "Formats and their checks"), each reported: min > max,
    /// default < min, default > max.
    func validationProblems() -> [FormatProblem] {
        var problems: [FormatProblem] = []
        if let minimum, let maximum, minimum > maximum {
            problems.append(FormatProblem(path: "maximum", reason: "maximum must not be before minimum"))
        }
        if let defaultDate, let minimum, defaultDate < minimum {
            problems.append(FormatProblem(path: "defaultDate", reason: "defaultDate must not be before minimum"))
        }
        if let defaultDate, let maximum, defaultDate > maximum {
            problems.append(FormatProblem(path: "defaultDate", reason: "defaultDate must not be after maximum"))
        }
        return problems
    }
}

extension TimeOfDayFormat {
    /// ResearchKit checks nothing; a default outside 00:00…23:59 is our rule.
    func validationProblems() -> [FormatProblem] {
        guard let time = defaultValue else { return [] }
        if (0...23).contains(time.hour), (0...59).contains(time.minute) { return [] }
        return [FormatProblem(path: "defaultValue", reason: "defaultValue must be a time from 00:00 to 23:59")]
    }
}

extension TimeIntervalFormat {
    /// ResearchKit's init check (docs/answer-formats.md, "Formats and their checks"), with its own message.
    func validationProblems() -> [FormatProblem] {
        (1...30).contains(step) ? [] : [FormatProblem(path: "step", reason: "Step should be between 1 and 30.")]
    }
}
