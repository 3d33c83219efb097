extension AnswerInputError {
    /// "<problem>: enter <accepted>", the shape of every input message.
    static func rejecting(_ problem: String, accepted: String) -> AnswerInputError {
        AnswerInputError(message: "\(problem): enter \(accepted)")
    }

    /// Typed text as echoed in a message; long text is cut to keep messages on one line.
    static func echo(_ typed: String) -> String {
        let limit = 32
        guard typed.count > limit else { return typed }
        return String(typed.prefix(limit)) + "…"
    }

    /// The message for a rule the typed answer breaks: "<typed> <problem>: enter <accepted>".
    static func rejecting(_ problem: AnswerProblem, typed: String, accepted: String) -> AnswerInputError {
        rejecting(problem.text(subject: echo(typed)), accepted: accepted)
    }
}
