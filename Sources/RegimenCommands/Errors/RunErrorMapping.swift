import TerminalRunner

extension RegimenError {
    /// The CLI's reading of a terminal run that produced no result. `RunError` words the problem (its one wording);
    /// the CLI adds the task's title and, where the runner cannot know it, that nothing was saved.
    static func run(_ error: RunError, task: String, title: String) -> RegimenError {
        switch error {
        case .interrupted, .quit, .quitKeepingAnswers: .abandoned(reason: "\(title): \(error.description)")
        case .inputEnded: .badData("\(title) (task '\(task)'): \(error.description); nothing was saved")
        case .confirmationUnanswered: .badData(error.description)
        case .transcriptMismatch(let mismatch): .badData(mismatch.description)
        case .io(let problem): .failure(problem.description)
        case .sessionRefused: .failure(error.description)
        }
    }
}
