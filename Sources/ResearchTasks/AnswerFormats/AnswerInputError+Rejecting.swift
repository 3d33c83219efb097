extension AnswerInputError {
    /// Typed text as echoed in a message; long text is cut to keep messages on one line.
    static func echo(_ typed: String) -> String {
        let limit = 32
        guard typed.count > limit else { return typed }
        return String(typed.prefix(limit)) + "…"
    }

    /// The error for a rule the typed answer breaks: "<typed> <problem>: enter <accepted>".
    static func rejecting(_ problem: AnswerProblem, typed: String, accepted: AcceptedInput) -> AnswerInputError {
        AnswerInputError(.breaks(problem, typed: echo(typed)), accepted: accepted)
    }
}
