/// Why typed text is not an acceptable answer, as data: each line a problem with what may be typed instead, or a text
/// given as is (a survey's own invalid message, a message of a runner's input). `message` is the English rendering;
/// the terminal runner renders it in the participant's language.
package struct AnswerInputError: Error, Sendable, Hashable {
    /// One line of the message.
    package enum Line: Sendable, Hashable {
        /// "<problem>: enter <accepted>".
        case rejected(InputProblem, accepted: AcceptedInput)
        /// A text shown as is.
        case given(String)
    }

    /// The lines, shown one under the other (a text answer may break two rules).
    package var lines: [Line]

    /// Creates an input error of lines.
    package init(lines: [Line]) {
        self.lines = lines
    }

    /// Creates an input error of one problem.
    package init(_ problem: InputProblem, accepted: AcceptedInput) {
        self.init(lines: [.rejected(problem, accepted: accepted)])
    }

    /// Creates an input error shown as `message`, already in the participant's language.
    package init(message: String) {
        self.init(lines: [.given(message)])
    }

    /// The full message in English, e.g. "11 is above the maximum 10: enter a whole number from 1 to 10".
    package var message: String {
        lines.map { line in
            switch line {
            case .rejected(let problem, let accepted):
                let described = accepted.text
                return "\(problem.text(accepted: described)): enter \(described)"
            case .given(let text): return text
            }
        }.joined(separator: "\n")
    }
}
