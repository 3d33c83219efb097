package import ResearchTasks

/// Why a terminal run ended without a finished task result.
package enum RunError: Error, Sendable, Hashable {
    /// Ctrl-C, or Ctrl-D on an empty line at a terminal: the run is abandoned (CLI: write nothing, exit 130).
    case interrupted
    /// The participant typed `quit`: the run is abandoned like Ctrl-C.
    case quit
    /// The participant typed `quit` and chose to keep the answers so far (`TerminalRun.transcript` holds them).
    case quitKeepingAnswers
    /// Piped or recorded input ended while this prompt was waiting (CLI: exit 65 naming the step).
    case inputEnded(stepIdentifier: String, itemIdentifier: String?)
    /// Input ended while a confirmation (`TerminalRun.confirm`) was waiting (CLI: exit 65, nothing written).
    case confirmationUnanswered(question: String)
    /// A recorded transcript no longer fits the survey being run.
    case transcriptMismatch(TranscriptMismatch)
    /// Reading input or writing output failed.
    case io(RunIOProblem)
    /// The session refused an input the runner submits by itself (a completion acknowledgment).
    case sessionRefused(SessionError)
}

/// A failed read or write: which file or stream, and the system's reason.
package struct RunIOProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file path or stream name ("standard input").
    package var target: String
    /// What failed, e.g. "read failed: Input/output error".
    package var reason: String

    /// Creates an I/O problem.
    package init(target: String, reason: String) {
        self.target = target
        self.reason = reason
    }

    /// "standard input: read failed: …".
    package var description: String { "\(target): \(reason)" }
}

extension RunError: CustomStringConvertible {
    /// A one-line message naming steps and files, never answers.
    package var description: String {
        switch self {
        case .interrupted: "cancelled (interrupted); nothing was saved"
        case .quit: "quit; nothing was saved"
        case .quitKeepingAnswers: "quit; the answers so far were kept to finish later"
        case .inputEnded(let step, let item):
            if let item, item != step {
                "input ended before step \"\(step)\", item \"\(item)\" was answered"
            } else {
                "input ended before step \"\(step)\" was answered"
            }
        case .confirmationUnanswered(let question): "input ended before \"\(question)\" was answered; nothing was saved"
        case .transcriptMismatch(let mismatch): mismatch.description
        case .io(let problem): problem.description
        case .sessionRefused(let error):
            "the task session refused the runner's own input: \(SessionErrorMessage.text(for: error))"
        }
    }
}
