import TerminalRunner

extension RegimenError {
    /// The CLI's reading of a terminal run that produced no result.
    static func run(_ error: RunError, task: String, title: String) -> RegimenError {
        switch error {
        case .interrupted: .abandoned(reason: "\(title) cancelled")
        case .quit: .abandoned(reason: "\(title) abandoned (quit)")
        case .inputEnded(let step, let item): .inputEnded(task: task, step: step, item: item == step ? nil : item)
        case .confirmationUnanswered: .badData(error.description)
        case .transcriptMismatch(let mismatch): .badData(mismatch.description)
        case .io(let problem): .failure(problem.description)
        case .sessionRefused: .failure(error.description)
        }
    }
}
